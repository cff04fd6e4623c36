/**
 * Shared by the e2e suites: Debian's Chromium under playwright-core (no browser download), the
 * production build of the pages served by `vite preview`, and a static server for the package.
 */
import { createServer, type Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { build, preview, type PreviewServer } from 'vite';
import { afterAll, beforeAll } from 'vitest';

export const root = fileURLToPath(new URL('../..', import.meta.url));

/** Launches headless Chromium with the flags this machine needs (docs/toolchain.md, pitfall 17), plus `extra`. */
export function launch(extra: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', ...extra],
  });
}

let built: Promise<unknown> | undefined;

/** Builds the pages once per run and serves them with `vite preview`; returns the base URL. */
export async function servePages(): Promise<{ url: string; close: () => Promise<void> }> {
  built ??= build({ configFile: join(root, 'vite.config.ts'), logLevel: 'warn' });
  await built;
  const server: PreviewServer = await preview({ configFile: join(root, 'vite.config.ts'), preview: { port: 0 }, logLevel: 'warn' });
  const url = server.resolvedUrls!.local[0];
  return { url, close: () => server.close() };
}

const types: Record<string, string> = {
  '.html': 'text/html', '.js': 'text/javascript', '.json': 'application/json', '.wasm': 'application/wasm',
};

/** Serves the repository root read-only on 127.0.0.1 (for pages that import dist/ directly). */
export async function serveRoot(): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer(async (req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
    try {
      const body = await readFile(join(root, path));
      res.writeHead(200, { 'content-type': types[extname(path)] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  return { url: `http://127.0.0.1:${address.port}/`, close: () => new Promise((r) => server.close(() => r())) };
}

/** Collects console errors and page errors of `page`. */
export function errorsOf(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(String(e)));
  return errors;
}

/** What a page suite uses: the browser and the server of the built pages. */
export interface PagesEnv {
  browser: Browser;
  server: { url: string; close: () => Promise<void> };
}

/**
 * Registers a suite's browser and page server (and any extra set-up, such as the package's
 * `init`) with beforeAll/afterAll; read `browser` and `server` from the result inside tests.
 */
export function usePages(...also: (() => Promise<unknown>)[]): PagesEnv {
  return useServer(servePages, also);
}

/** The same with the repository's root served (serveRoot): test pages under tests/e2e that load dist/. */
export function useRoot(...also: (() => Promise<unknown>)[]): PagesEnv {
  return useServer(serveRoot, also);
}

function useServer(serve: () => Promise<PagesEnv['server']>, also: (() => Promise<unknown>)[]): PagesEnv {
  const env = {} as PagesEnv;
  beforeAll(async () => {
    [env.browser, env.server] = await Promise.all([launch(), serve(), ...also.map((f) => f())]);
  });
  afterAll(async () => {
    await env.browser?.close();
    await env.server?.close();
  });
  return env;
}
