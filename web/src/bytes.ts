/**
 * Small helpers of the loaders (wasm-source.ts, wasm-source-sync.ts) that no public type names,
 * kept apart so that the published .d.ts of the loaders stays within what TypeScript 5.0 reads.
 */

/** Base64 → bytes without Buffer (browsers, workers, Node, Deno and Bun all have atob). */
export function fromBase64(text: string): Uint8Array<ArrayBuffer> {
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
