/**
 * What the shipped pages (dist/pages, built by vite.pages.config.ts) and `fairdeck pages`
 * (pages.ts) agree on, in one place: the import map that finds the audited dependencies, and the
 * Content-Security-Policy the server sends with every page.
 */

/** The import map each page carries: @noble/hashes, @noble/ciphers and @noble/curves as installed, served under /deps/. */
export const IMPORT_MAP = JSON.stringify({ imports: { '@noble/hashes/': '/deps/@noble/hashes/', '@noble/ciphers/': '/deps/@noble/ciphers/', '@noble/curves/': '/deps/@noble/curves/' } });

/** The dependencies the server serves under /deps/, each by a file that its package has at its root. */
export const DEPS: readonly (readonly [name: string, file: string])[] = [['@noble/hashes', 'sha2.js'], ['@noble/ciphers', 'chacha.js'], ['@noble/curves', 'ed25519.js']];

/**
 * The pages' policy: scripts from this origin only, plus WebAssembly compilation and the one
 * inline script (the import map, by its hash: `importMapHash`); no eval, no plugins, no base or
 * form targets elsewhere. The visualiser's sandboxed iframe (sandbox/shuffle-sandbox.html), which
 * runs pasted code, keeps its own stricter policy instead (default-src 'none').
 */
export function pagePolicy(importMapHash: string): string {
  return `default-src 'self'; script-src 'self' 'wasm-unsafe-eval' ${importMapHash}; style-src 'self' 'unsafe-inline'; `
    + "img-src 'self' data: blob:; worker-src 'self' blob:; frame-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'";
}
