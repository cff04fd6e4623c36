/**
 * 'fairdeck/games' as Node and Bun take it (package.json's "node" condition): games.ts, with an init()
 * that reads the modules from the package's .wasm files rather than decoding its embedded copies
 * (node-files.ts). Everything else is games.ts's.
 */
import { init as initFromCopies } from './games.js';
import type { InitOptions } from './load.js';
import { withFiles } from './node-files.js';

export * from './games.js';

/** games.ts's init(), with the modules read from the package's files where they are there. */
export function init(options?: InitOptions): Promise<void> {
  return withFiles(initFromCopies, options);
}
