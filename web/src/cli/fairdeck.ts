/**
 * `fairdeck`: the package's command line (`npx fairdeck`, `fairdeck deal 5 --seed 42`,
 * `fairdeck shuffle < lines`, `fairdeck random | battery`). See commands.ts and `fairdeck --help`.
 */
import { run } from './commands.js';

run(process.argv.slice(2), process).then((code) => {
  process.exitCode = code;
});
