// The reach matrix: every bundler and runtime fairdeck promises to work in with no configuration.
// kind 'run': a command whose last stdout line is the hand's ids as JSON.
// kind 'page': a build (or a dev server) opened in Chromium, which must show the hand in #hand.
export const strictCsp = "script-src 'self' 'wasm-unsafe-eval'";

/** Tool versions are read from the installed packages: [label, package name]. */
export const targets = [
  { name: 'Node ESM (import)', app: 'node', tool: ['Node', 'node'], kind: 'run', cmd: ['node', 'main.mjs'] },
  { name: 'Node ESM, fairdeck/games (games.wasm)', app: 'node', tool: ['Node', 'node'], kind: 'run', cmd: ['node', 'games.mjs'] },
  { name: 'Node ESM, fairdeck/sim (sim.wasm)', app: 'node', tool: ['Node', 'node'], kind: 'run', cmd: ['node', 'sim.mjs'] },
  { name: 'Node require()', app: 'node', tool: ['Node', 'node'], kind: 'run', cmd: ['node', 'main.cjs'] },
  { name: 'Node worker_threads', app: 'node', tool: ['Node', 'node'], kind: 'run', cmd: ['node', 'worker.mjs'] },
  { name: 'Bun runtime', app: 'node', tool: ['Bun', 'bun'], kind: 'run', cmd: ['bun', 'main.mjs'] },
  { name: 'Deno (npm: specifier)', app: 'deno', tool: ['Deno', 'deno'], kind: 'run', cmd: ['deno', 'run', 'main.mjs'] },
  { name: 'Deno (node_modules)', app: 'deno', tool: ['Deno', 'deno'], kind: 'run', cmd: ['deno', 'run', 'bare.mjs'] },
  { name: 'Vite dev', app: 'vite', tool: ['Vite', 'vite'], kind: 'page', dev: ['vite', '--host', '127.0.0.1', '--strictPort', '--port'] },
  { name: 'React 19 StrictMode recipe (Vite dev: React development build)', app: 'vite', tool: ['React', 'react'], kind: 'page', dev: ['vite', '--host', '127.0.0.1', '--strictPort', '--port'], path: 'react.html' },
  { name: 'Vite build', app: 'vite', tool: ['Vite', 'vite'], kind: 'page', build: ['npm', 'run', 'build'], dir: 'dist' },
  { name: 'React 19 StrictMode recipe (Vite build)', app: 'vite', tool: ['React', 'react'], kind: 'page', dir: 'dist', path: 'react.html' },
  { name: "two entries, 'fairdeck' initSync + 'fairdeck/games' Deck (Vite build)", app: 'vite', tool: ['Vite', 'vite'], kind: 'page', dir: 'dist', path: 'mixed.html' },
  { name: 'module Web Worker (Vite build)', app: 'vite', tool: ['Vite', 'vite'], kind: 'page', dir: 'dist', path: 'worker.html' },
  { name: 'strict CSP, main thread (Vite build)', app: 'vite', tool: ['Vite', 'vite'], kind: 'page', dir: 'dist', csp: strictCsp },
  { name: 'strict CSP, module worker (Vite build)', app: 'vite', tool: ['Vite', 'vite'], kind: 'page', dir: 'dist', path: 'worker.html', csp: strictCsp },
  { name: 'webpack 5', app: 'webpack', tool: ['webpack', 'webpack'], kind: 'page', build: ['npm', 'run', 'build'], dir: 'dist' },
  { name: 'Rspack', app: 'rspack', tool: ['Rspack', '@rspack/core'], kind: 'page', build: ['npm', 'run', 'build'], dir: 'dist' },
  { name: 'esbuild --bundle --format=esm', app: 'esbuild', tool: ['esbuild', 'esbuild'], kind: 'page', build: ['npm', 'run', 'build'], dir: 'dist' },
  { name: 'Rollup 4 + node-resolve', app: 'rollup', tool: ['Rollup', 'rollup'], kind: 'page', build: ['npm', 'run', 'build'], dir: 'dist' },
  { name: 'Parcel 2', app: 'parcel', tool: ['Parcel', 'parcel'], kind: 'page', build: ['npm', 'run', 'build'], dir: 'dist' },
  { name: 'bun build --target=browser', app: 'bun', tool: ['Bun', 'bun'], kind: 'page', build: ['npm', 'run', 'build'], dir: 'dist' },
  { name: 'Next.js App Router (Turbopack)', app: 'next', tool: ['Next.js', 'next'], kind: 'page', build: ['npm', 'run', 'build'], start: ['next', 'start', '-H', '127.0.0.1', '-p'] },
  { name: 'Next.js App Router (--webpack)', app: 'next', tool: ['Next.js', 'next'], kind: 'page', build: ['npm', 'run', 'build:webpack'], start: ['next', 'start', '-H', '127.0.0.1', '-p'] },
];
