/**
 * Small helpers of the loaders (wasm-source.ts, wasm-source-sync.ts) that no public type names,
 * kept apart so that the published .d.ts of the loaders stays within what TypeScript 5.0 reads.
 */

/**
 * Base64 → bytes: the platform's decoder where there is one (`Uint8Array.fromBase64`: Chrome 140,
 * Firefox 133, Safari 18.2; Node's `Buffer`, also Bun's), else `atob` and a loop, which every
 * browser, worker, Node, Deno and Bun has. The loop runs cold, once per module: 3–7 ms for a deck
 * module in a fresh page or process, where the decoders take 0.2 ms (docs/startup.md).
 */
export function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  type Decoder = { fromBase64?(text: string): Uint8Array<ArrayBuffer>; from?(text: string, encoding: 'base64'): Uint8Array<ArrayBuffer> };
  const decoded = (Uint8Array as Decoder).fromBase64?.(text) ?? (globalThis as { Buffer?: Decoder }).Buffer?.from?.(text, 'base64');
  if (decoded) return decoded;
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export interface NodeZlib {
  gunzipSync(bytes: Uint8Array): Uint8Array;
}

/** A Node built-in module, without importing it (so bundlers see nothing Node-only); undefined elsewhere. */
export function builtin<T>(id: string): T | undefined {
  const p = (globalThis as { process?: { versions?: { node?: string }; getBuiltinModule?: (id: string) => unknown } }).process;
  if (typeof p?.versions?.node !== 'string' || typeof p.getBuiltinModule !== 'function') return undefined;
  return p.getBuiltinModule(id) as T | undefined;
}
