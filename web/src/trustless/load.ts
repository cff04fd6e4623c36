/**
 * Loading the trustless module (cpp/bindings/trustless.cpp): one seat of a mental-poker hand in
 * a WebAssembly module of its own, so that no other entry ships ristretto255 or the shuffle
 * proofs (docs/size.md). Delivered as the other modules are (../wasm-source.ts,
 * docs/delivery.md): by default the copy embedded in the package; `init({ trustlessWasm })`
 * takes a URL, bytes or a compiled module instead. It needs no other module.
 */
import type { BasicModule } from '../binding.js';
import { ownOptions } from '../input.js';
import { instantiate, type Handle } from '../instantiate.js';
import glue from '../wasm/trustless-glue.js';
import { compileSource, describe, type WasmSource } from '../wasm-source.js';

/** What a seat is made of (the spec cpp/bindings/trustless.cpp reads). */
export interface SeatSpec {
  table: Uint8Array;
  seats: number;
  seat: number;
  /** 32 bytes: the key of the seat's ChaCha20 stream (platform entropy, or a test's seed). */
  key: Uint8Array;
}
/** Embind's class "CoreSeat" (texts are views of the module's text result: takeText). */
export interface CoreSeat extends Handle {
  keyMessage(): Uint8Array | null;
  shuffle(): Uint8Array | null;
  share(position: number): Uint8Array | null;
  receiveKey(message: Uint8Array): boolean;
  receiveShuffle(message: Uint8Array): boolean;
  receiveShare(message: Uint8Array): boolean;
  /** 0–51, −1 if this seat cannot open it (yet), −2 on a recorded error. */
  card(position: number): number;
  nextShuffler(): number;
  keysDone(): boolean;
  plan(): Uint8Array | null;
}
/** The trustless module. */
export interface TrustlessCore extends BasicModule {
  CoreSeat: { make(spec: SeatSpec): CoreSeat | null };
}

let loading: Promise<TrustlessCore> | undefined;
let loaded: TrustlessCore | undefined;

/** Options of `init()` from `fairdeck/trustless`. */
export interface TrustlessInitOptions {
  /** URL of trustless.wasm, or its bytes, or a compiled WebAssembly.Module (default: the copy embedded in the package). */
  trustlessWasm?: WasmSource;
}

/** Loads the trustless module once; call (and await) before making a {@link Seat}. A failed load can be retried. */
export function init(options?: TrustlessInitOptions): Promise<void> {
  const o = ownOptions(options, 'init options', ['trustlessWasm']) as TrustlessInitOptions;
  const source = o.trustlessWasm;
  loading ??= compileSource(source, () => import('../wasm/trustless-embedded.js'))
    .then((compiled) => instantiate<TrustlessCore>(glue, compiled))
    .then((m) => (loaded = m))
    .catch((cause: unknown) => {
      loading = undefined;
      throw new Error(`fairdeck: could not load its trustless module from ${describe(source)}: ${String(cause)}`, { cause });
    });
  return loading.then(() => undefined);
}

/** The loaded module; an Error saying what to do before init(). */
export function trustlessCore(): TrustlessCore {
  if (loaded) return loaded;
  throw new Error("fairdeck/trustless is not initialised: await init() from 'fairdeck/trustless' before making a Seat");
}
