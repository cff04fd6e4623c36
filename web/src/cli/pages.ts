/**
 * `fairdeck pages` (issue 61 item 2): the built pages — the card table, the fairness visualiser,
 * the card faces, the verifier and the no-dealer table — served from the installed package on 127.0.0.1, with no
 * build and no clone: `npx fairdeck pages`. The pages (dist/pages, vite.pages.config.ts) import
 * the package's own files (dist/) and the installed @noble packages (under /deps/, through their
 * import map), so nothing is served that the install does not already hold. Every page comes
 * with a strict Content-Security-Policy header (pages-policy.ts). Read-only: GET and HEAD of
 * files under dist/ and the two dependencies, nothing else.
 */
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { dirname, extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEPS, IMPORT_MAP, pagePolicy } from './pages-policy.js';

/** dist/, the directory above this file's (dist/cli/pages.js). */
const DIST = fileURLToPath(new URL('../', import.meta.url));

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.json': 'application/json', '.svg': 'image/svg+xml', '.png': 'image/png', '.webp': 'image/webp', '.wasm': 'application/wasm',
};

/** The pages, as the server prints them. */
export const PAGES: readonly (readonly [path: string, what: string])[] = [
  ['pages/demo/', 'the card table'], ['pages/visualiser/', 'the fairness visualiser'],
  ['pages/faces/', 'the card faces'], ['pages/verify/', 'verify a provably fair round'],
  ['pages/trustless/', 'a Hold\'em hand with no dealer (mental poker)'],
];

export interface PagesIo {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
}

/** Where each dependency of DEPS is installed, as Node resolves it from this file. */
function depRoots(): Map<string, string> {
  const roots = new Map<string, string>();
  for (const [name, file] of DEPS) roots.set(name, dirname(fileURLToPath(import.meta.resolve(`${name}/${file}`))));
  return roots;
}

/** The file `path` names under `root`, or undefined if it would leave it. */
function inside(root: string, path: string): string | undefined {
  const full = normalize(join(root, path));
  return full === root || full.startsWith(root.endsWith(sep) ? root : root + sep) ? full : undefined;
}

/** Starts the server; resolves to its URL and a close function. */
export async function servePages(port: number): Promise<{ url: string; close: () => Promise<void> }> {
  const policy = pagePolicy(`'sha256-${createHash('sha256').update(IMPORT_MAP).digest('base64')}'`);
  const deps = depRoots();
  const sandbox = `${sep}pages${sep}sandbox${sep}`;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    void (async () => {
      if (req.method !== 'GET' && req.method !== 'HEAD') return void res.writeHead(405, { allow: 'GET, HEAD' }).end();
      let path: string;
      try {
        path = decodeURIComponent(new URL(req.url ?? '/', 'http://127.0.0.1').pathname);
      } catch {
        return void res.writeHead(400).end();
      }
      if (path === '/') return void res.writeHead(302, { location: '/pages/demo/' }).end();
      const dep = /^\/deps\/(@[^/]+\/[^/]+)\/(.+)$/.exec(path);
      let file = dep ? (deps.has(dep[1]) ? inside(deps.get(dep[1])!, dep[2]) : undefined) : inside(DIST, path);
      if (file === undefined || (dep && !file.endsWith('.js'))) return void res.writeHead(404).end();
      try {
        if ((await stat(file)).isDirectory()) {
          if (!path.endsWith('/')) return void res.writeHead(301, { location: `${path}/` }).end();
          file = join(file, 'index.html');
        }
        const body = await readFile(file);
        const type = TYPES[extname(file)] ?? 'application/octet-stream';
        const headers: Record<string, string> = { 'content-type': type, 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer', 'cache-control': 'no-cache' };
        // The sandbox carries its own stricter policy (it must eval the pasted code); every other page gets the pages' policy.
        if (type.startsWith('text/html') && !file.includes(sandbox)) headers['content-security-policy'] = policy;
        res.writeHead(200, headers).end(req.method === 'HEAD' ? undefined : body);
      } catch {
        res.writeHead(404).end();
      }
    })();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const { port: bound } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${bound}/`, close: () => new Promise((r) => server.close(() => r())) };
}

/** `fairdeck pages [--port N]`: serves until interrupted (Ctrl-C); resolves to the exit code. */
export async function pagesCommand(argv: string[], io: PagesIo): Promise<number> {
  let port = 4173;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--port' && i + 1 < argv.length && /^\d{1,5}$/.test(argv[i + 1]) && Number(argv[i + 1]) <= 65535) port = Number(argv[++i]);
    else {
      io.stderr.write(`fairdeck pages: ${argv[i] === '--port' ? `--port needs a number from 0 to 65535, got ${argv[i + 1] ?? 'nothing'}` : `unknown option ${argv[i]}`}\nusage: fairdeck pages [--port N]   (N = 0 picks a free port)\n`);
      return 2;
    }
  }
  let served;
  try {
    served = await servePages(port);
  } catch (error) {
    const busy = (error as { code?: string }).code === 'EADDRINUSE';
    io.stderr.write(`fairdeck pages: cannot listen on 127.0.0.1:${port}: ${busy ? 'the port is in use; pass --port with another (0 picks a free one)' : String(error)}\n`);
    return 2;
  }
  io.stdout.write(`fairdeck pages: serving the pages on ${served.url} (127.0.0.1 only; Ctrl-C stops)\n`
    + PAGES.map(([path, what]) => `  ${served.url}${path}  ${what}\n`).join(''));
  await new Promise<void>((resolve) => {
    const stop = () => void served.close().then(resolve);
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  return 0;
}
