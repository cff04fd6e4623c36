// Types of manifest.js, which scripts/build-wasm.sh generates (scripts/write-manifest.mjs); its
// shape is the Manifest interface of ../manifest.ts, which reads it. Each field is also a named
// export (typed there, in ../manifest.ts).
declare const manifest: object;
export default manifest;
export declare const engines: unknown, strategies: unknown, styles: unknown, piles: unknown, pileNames: unknown, seedKinds: unknown,
  errorKinds: unknown, limits: unknown;
