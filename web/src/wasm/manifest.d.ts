// Types of manifest.js, which scripts/build-wasm.sh generates (scripts/write-manifest.mjs); its
// shape is the Manifest interface of ../manifest.ts, which reads it.
declare const manifest: object;
export default manifest;
