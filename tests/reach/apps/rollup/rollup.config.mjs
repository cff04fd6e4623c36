// Rollup 4 with @rollup/plugin-node-resolve, as its documentation shows for npm packages.
import { nodeResolve } from '@rollup/plugin-node-resolve';

export default {
  input: 'src/index.js',
  output: { dir: 'dist', format: 'es' },
  plugins: [nodeResolve({ browser: true })],
};
