// The example blackjack server (README.md beside this file): node server.mjs [--port N] [--data DIR]
// Serves the table's JSON API and a page that plays it and verifies every revealed shoe in the
// browser with fairdeck/verify and <fairdeck-verify>. No dependency but fairdeck (and what it needs).
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { dirname, extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { HttpError, Table } from './table.mjs';

const { values } = parseArgs({ options: { port: { type: 'string', default: '8080' }, data: { type: 'string', default: 'table-data' } } });
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be a port number (0 for any free port), got ${JSON.stringify(values.port)}`);
  process.exit(2);
}

const here = dirname(fileURLToPath(import.meta.url));
// The browser's modules, as a bundler would find them: fairdeck's built package and @noble's.
const dirOf = (specifier, file) => fileURLToPath(import.meta.resolve(specifier)).slice(0, -file.length);
const modules = {
  '/lib/fairdeck/': dirOf('fairdeck/verify/view', 'verify/view.js'),
  '/lib/@noble/hashes/': dirOf('@noble/hashes/sha2.js', 'sha2.js'),
  '/lib/@noble/ciphers/': dirOf('@noble/ciphers/chacha.js', 'chacha.js'),
  '/lib/@noble/curves/': dirOf('@noble/curves/ed25519.js', 'ed25519.js'),
};
const pages = { '/': 'index.html', '/page.js': 'page.js' };
const types = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.json': 'application/json' };

let table;
try {
  table = await Table.open(values.data);
} catch (e) {
  // A saved state that does not restore (edited on disk, another key) is not played on.
  console.error(`cannot open the table in ${values.data}: ${e.message}`);
  process.exit(1);
}

async function body(req) {
  let text = '';
  for await (const chunk of req) {
    text += chunk;
    if (text.length > 10_000) throw new HttpError(413, 'request body over 10 000 characters');
  }
  if (text === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, 'request body must be JSON');
  }
}

const actions = {
  'POST /api/deal': async (req) => table.deal((await body(req)).clientSeed),
  'POST /api/hit': () => table.hit(),
  'POST /api/stand': () => table.stand(),
  'POST /api/split': () => table.split(),
  'GET /api/table': () => table.view(),
};

// One action at a time: each is applied and saved before the next one starts.
let queue = Promise.resolve();

const server = createServer((req, res) => {
  const url = new URL(req.url, 'http://localhost');
  const send = (status, type, text) => {
    res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
    res.end(text);
  };
  const action = actions[`${req.method} ${url.pathname}`];
  if (action) {
    queue = queue.then(async () => {
      try {
        send(200, types['.json'], JSON.stringify(await action(req)));
      } catch (e) {
        const status = e instanceof HttpError ? e.status : e instanceof RangeError || e instanceof TypeError ? 400 : 500;
        send(status, types['.json'], JSON.stringify({ error: e.message }));
      }
    });
    return;
  }
  void (async () => {
    try {
      const shoe = /^\/api\/shoes\/(\d+)$/.exec(url.pathname);
      if (req.method !== 'GET') return send(405, 'text/plain', 'method not allowed');
      if (shoe) return send(200, types['.json'], table.shoeText(Number(shoe[1])));
      if (pages[url.pathname]) return send(200, types[extname(pages[url.pathname])], await readFile(join(here, pages[url.pathname])));
      const prefix = Object.keys(modules).find((p) => url.pathname.startsWith(p));
      const rest = prefix && normalize(decodeURIComponent(url.pathname.slice(prefix.length)));
      if (!rest || rest.startsWith('..') || rest.includes(`${sep}..`) || !rest.endsWith('.js')) return send(404, 'text/plain', 'not found');
      return send(200, types['.js'], await readFile(join(modules[prefix], rest)));
    } catch (e) {
      send(e instanceof HttpError ? e.status : 404, 'text/plain', e instanceof HttpError ? e.message : 'not found');
    }
  })();
});

server.listen(port, '127.0.0.1', () => {
  console.log(`blackjack table on http://127.0.0.1:${server.address().port}/ (state in ${values.data})`);
});
