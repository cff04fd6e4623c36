/**
 * 'fairdeck/sim' as Node and Bun take it (package.json's "node" condition): sim.ts, with an init()
 * that reads the modules from the package's .wasm files rather than decoding its embedded copies
 * (node-files.ts). Everything else is sim.ts's.
 */
import { init as initFromCopies } from './sim.js';
import type { InitOptions } from './load.js';
import { withFiles } from './node-files.js';

export * from './sim.js';

/** sim.ts's init(), with the modules read from the package's files where they are there. */
export function init(options?: InitOptions): Promise<void> {
  return withFiles(initFromCopies, options);
}
