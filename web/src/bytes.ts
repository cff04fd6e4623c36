/**
 * Small helpers of the loaders (wasm-source.ts, wasm-source-sync.ts) that no public type names,
 * kept apart so that the published .d.ts of the loaders stays within what TypeScript 5.0 reads.
 */

/**
 * Base64 → bytes: the engine's own decoder where there is one (Uint8Array.fromBase64: Chrome 140+,
 * Firefox 133+, Safari 18.2+; Node's Buffer), else atob and a loop, which took 4–7 ms of a fresh
 * Chromium page's start-up for the deck module (docs/startup.md).
 */
export function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const decoder = Uint8Array as { fromBase64?: (text: string) => Uint8Array<ArrayBuffer> };
  if (decoder.fromBase64) return decoder.fromBase64(text);
  const buffer = (globalThis as { Buffer?: { from(text: string, encoding: 'base64'): Uint8Array<ArrayBuffer> } }).Buffer;
  if (buffer) return buffer.from(text, 'base64');
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
