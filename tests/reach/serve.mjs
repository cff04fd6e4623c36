// A tiny static server for built apps, with an optional Content-Security-Policy header.
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';

const types = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.mjs': 'text/javascript', '.css': 'text/css',
  '.json': 'application/json', '.wasm': 'application/wasm', '.svg': 'image/svg+xml',
};

/** Serves `dir` on 127.0.0.1; `/` and directories give their index.html. */
export async function serveDir(dir, { csp } = {}) {
  const server = createServer(async (req, res) => {
    let path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
    if (path === '/favicon.ico') return void res.writeHead(204).end(); // browsers ask for it; the apps have none
    try {
      if ((await stat(join(dir, path))).isDirectory()) path = join(path, 'index.html');
      const body = await readFile(join(dir, path));
      const headers = { 'content-type': types[extname(path)] ?? 'application/octet-stream' };
      if (csp) headers['content-security-policy'] = csp;
      res.writeHead(200, headers).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}/`, close: () => new Promise((r) => server.close(() => r())) };
}
