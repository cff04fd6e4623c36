// tests/bench/startup.mjs — where `await init()` spends its time (issue 39, item 6), in fresh Node
// processes and fresh Chromium pages; scenario 6 (scenarios/size.mjs) reports it.
//
// The real init() runs, untouched: before the package loads, the probe wraps the few platform
// calls init() makes (base64 decoding, Node's zlib, WebAssembly.compile / compileStreaming /
// instantiate) so that each records when it starts and ends. The steps between those marks are
// what init() does there: importing the embedded copy (in a page, its download), decoding,
// decompressing, compiling, instantiating, and the glue's run of the Embind registrations. Each
// step's median over the runs is reported with the total, and the first `new Deck()` after it.
// Timed by the wall clock: start-up is what a user waits for, including the compile threads.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { median } from './lib.mjs';

/**
 * Installed before the package loads (Node: the probe's first lines; Chromium: an init script).
 * Records [what, ms] in globalThis.__startup. `deckBytes`: fairdeck.wasm's length, which tells
 * the deck module's compile from the shuffle module's (Node loads both: dist/index.js imports shuffle).
 */
function instrument(deckBytes) {
  const marks = (globalThis.__startup = []);
  const mark = (what) => marks.push([what, performance.now()]);
  const deck = new WeakSet();
  const wrap = (owner, name, tag) => {
    const f = owner?.[name];
    if (typeof f !== 'function') return;
    owner[name] = function (...args) {
      const t = tag(args);
      if (t) mark(`${t}>`);
      const result = f.apply(this, args);
      if (t && result instanceof Promise) {
        result.then((value) => {
          if (value instanceof WebAssembly.Module && t === 'compile') deck.add(value);
          mark(`${t}<`);
        }, () => mark(`${t}!`));
      } else if (t) mark(`${t}<`);
      return result;
    };
  };
  const isDeck = (bytes) => (bytes?.byteLength ?? 0) === deckBytes;
  wrap(WebAssembly, 'compile', ([bytes]) => isDeck(bytes) && 'compile');
  // Chromium compiles the embedded copy as it is decompressed: one step; Node's compile takes bytes.
  wrap(WebAssembly, 'compileStreaming', () => 'compile');
  wrap(WebAssembly, 'instantiate', ([module]) => deck.has(module) && 'instantiate');
  // base64: the engine's decoder if the loader uses one, else atob, whose bytes a loop then copies
  // (so 'base64<' is missing and the step runs on to the next mark).
  const firstBase64 = () => !marks.some((m) => m[0] === 'base64>') && 'base64';
  wrap(Uint8Array, 'fromBase64', firstBase64);
  wrap(globalThis, 'atob', firstBase64);
  const p = globalThis.process;
  if (typeof p?.getBuiltinModule === 'function') {
    const get = p.getBuiltinModule;
    let zlibSeen = false, fsSeen = false;
    p.getBuiltinModule = function (id) {
      const first = id === 'node:zlib' && !zlibSeen;
      if (first) mark('zlib>');
      const m = get.call(this, id);
      if (first) {
        zlibSeen = true;
        mark('zlib<');
        wrap(m, 'gunzipSync', () => !marks.some((x) => x[0] === 'gunzip>') && 'gunzip');
      }
      // The "node" condition's init() reads the modules' files (web/src/node-files.ts): the first read.
      if (id === 'node:fs' && !fsSeen) fsSeen = true, wrap(m, 'readFileSync', () => !marks.some((x) => x[0] === 'read>') && 'read');
      return m;
    };
    wrap(globalThis.Buffer, 'from', ([, encoding]) => encoding === 'base64' && firstBase64());
  }
}

/** The steps between marks: [label, from, to]. A step whose marks are missing is left out. */
const STEPS = {
  node: [
    ['import of the embedded copy, environment check', 'init>', 'base64>'],
    ["reading the deck module's file (the \"node\" condition's init, instead of the four steps around it)", 'read>', 'read<'],
    ['base64 decoding', 'base64>', 'zlib>'],
    ["loading Node's zlib", 'zlib>', 'zlib<'],
    ['gunzip', 'gunzip>', 'gunzip<'],
    ['compiling (WebAssembly.compile, off the main thread)', 'compile>', 'compile<'],
    ['instantiating', 'instantiate>', 'instantiate<'],
    ['the glue: Embind registrations, and the shuffle module beside it', 'instantiate<', 'init<'],
  ],
  chromium: [
    ['until the request for the embedded copy (a chunk of its own) starts', 'init>', 'fetch>'],
    ['downloading it (local HTTP server, cold cache)', 'fetch>', 'fetch<'],
    ['evaluating it, the environment check', 'fetch<', 'base64>'],
    ['base64 decoding, the DecompressionStream set up', 'base64>', 'compile>'],
    ['decompressing and compiling (DecompressionStream into compileStreaming)', 'compile>', 'compile<'],
    ['instantiating', 'instantiate>', 'instantiate<'],
    ['the glue: Embind registrations', 'instantiate<', 'init<'],
  ],
};

/** Per run, the steps' durations; then per step the median (and the runs' median total, init> to init<). */
function summarise(runs, steps) {
  const at = (marks, what) => marks.find((m) => m[0] === what)?.[1];
  const rows = [];
  for (const [label, from, to] of steps) {
    const ms = runs.map((marks) => at(marks, to) - at(marks, from)).filter((v) => Number.isFinite(v));
    if (ms.length) rows.push({ label, ms: median(ms) });
  }
  const between = (a, b) => median(runs.map((marks) => at(marks, b) - at(marks, a)));
  return { steps: rows, initMs: between('init>', 'init<'), deckMs: between('init<', 'deck<') };
}

/**
 * Node: one fresh process importing 'fairdeck' by its name, from the package's own directory (so
 * through package.json's exports, as an app that installed it: Node takes the "node" condition,
 * dist/node.js; it also registers the shuffle module, which init() loads beside the deck module)
 * and timing its real init() (or initSync(), `sync`) step by step; its marks.
 */
export function nodeRun(root, sync = false) {
  const deckBytes = readFileSync(join(root, 'dist/wasm/fairdeck.wasm')).length;
  const probe = `(${instrument})(${deckBytes}); const mark = (w) => __startup.push([w, performance.now()]);` +
    `const { ${sync ? 'initSync' : 'init'}, Deck } = await import('fairdeck');` +
    `mark('init>'); ${sync ? 'initSync()' : 'await init()'}; mark('init<'); new Deck(); mark('deck<'); console.log(JSON.stringify(__startup));`;
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', probe], { encoding: 'utf8', cwd: root }));
}

/** Node: the summary of nodeRun's marks from several processes. */
export function nodeSummary(marks) {
  return { runs: marks.length, ...summarise(marks, STEPS.node) };
}

/**
 * Chromium: `runs` rounds of fresh contexts (so a cold HTTP cache) of `browser`, each loading in turn
 * the Vite build in each of `outs` (an app that marks 'init>', 'init<' and 'deck<' around
 * `await init()` or `initSync()` and `new Deck()`: app()) from a local HTTP server, interleaved so
 * that they see the same machine. One summary per build.
 */
export async function chromiumStartup(browser, outs, runs = 7) {
  const deckBytes = readFileSync(new URL('../../dist/wasm/fairdeck.wasm', import.meta.url)).length;
  const types = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm' };
  let out;
  const server = createServer((req, res) => {
    let body;
    try {
      body = readFileSync(join(out, normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname))));
    } catch {
      return res.writeHead(404).end();
    }
    res.writeHead(200, { 'content-type': types[extname(req.url)] ?? 'application/octet-stream' }).end(body);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const all = outs.map(() => []);
  try {
    for (let i = 0; i < runs; i++) {
      for (const [j, dir] of outs.entries()) {
        out = dir;
        const context = await browser.newContext();
        await context.addInitScript(instrument, deckBytes);
        const page = await context.newPage();
        await page.goto(`http://127.0.0.1:${server.address().port}/index.html`);
        all[j].push(await page.waitForFunction(() => globalThis.__startup.some((m) => m[0] === 'done') && globalThis.__startup).then((h) => h.jsonValue()));
        await context.close();
      }
    }
  } finally {
    server.close();
  }
  return all.map((marks) => ({ runs, ...summarise(marks, STEPS.chromium) }));
}

/** The app chromiumStartup loads (built with tests/size/apps.mjs's viteApp), with `await init()` or with `initSync()`. */
export function app(sync = false) {
  return `import { ${sync ? 'initSync' : 'init'}, Deck } from 'fairdeck';\nconst mark = (w) => globalThis.__startup.push([w, performance.now()]);\n` +
    `mark('init>');\n${sync ? 'initSync()' : 'await init()'};\nmark('init<');\nconst deck = new Deck();\nmark('deck<');\ndocument.title = deck.deal(5).join(' ');\n` +
    "const chunk = performance.getEntriesByType('resource').find((e) => e.name.includes('embedded'));\n" +
    "if (chunk) globalThis.__startup.push(['fetch>', chunk.startTime], ['fetch<', chunk.responseEnd]);\nglobalThis.__startup.push(['done', 0]);\n";
}
