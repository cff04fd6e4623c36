import { createServer, type Server } from 'node:http';
import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { checkWebAssembly, cspMessage, isCspBlock } from '../../web/src/wasm-env.js';
import { deckModule } from '../../web/src/deck-load.js';
import { compileSource, resolveUrl } from '../../web/src/wasm-source.js';

const wasmUrl = new URL('../../web/src/wasm/fairdeck.wasm', import.meta.url);
let server: Server;
let base: string;

beforeAll(async () => {
  // 200 with the module at /ok/fairdeck.wasm, 404 elsewhere, 503 at /busy/…
  server = createServer((req, res) => {
    if (req.url === '/ok/fairdeck.wasm') res.writeHead(200, { 'content-type': 'application/wasm' }).end(readFileSync(wasmUrl));
    else if (req.url?.startsWith('/busy/')) res.writeHead(503, 'Service Unavailable').end();
    else res.writeHead(404, 'Not Found').end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}/`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
afterEach(() => vi.unstubAllGlobals());

describe('the environment check', () => {
  it('passes here: Node has WebAssembly with SIMD128', () => {
    expect(() => checkWebAssembly()).not.toThrow();
  });

  it('says so when there is no WebAssembly at all (as under --jitless)', () => {
    expect(() => checkWebAssembly({})).toThrow(/needs WebAssembly, and this environment has none \(WebAssembly is undefined\).*--jitless/);
    expect(() => checkWebAssembly({ WebAssembly: {} })).toThrow(/WebAssembly is incomplete/);
  });

  it('says so when WebAssembly lacks exception handling, judged by validate() on its probe', () => {
    const validate = vi.fn((bytes: Uint8Array) => bytes[26] !== 0x19);  // passes the SIMD probe, fails the EH one
    expect(() => checkWebAssembly({ WebAssembly: { compile: WebAssembly.compile, validate } })).toThrow(/needs WebAssembly exception handling .* without it/);
    expect(validate).toHaveBeenCalledTimes(2);
    // The probe's body is `try nop catch_all end` (0x06 0x40, 0x01, 0x19, 0x0b): exception-handling
    // opcodes, which the engine here (with EH) accepts; with 0x19 made an unknown opcode it is rejected.
    const probe = validate.mock.calls[1] as unknown as [Uint8Array<ArrayBuffer>];
    expect([...probe[0].subarray(23, 28)]).toEqual([0x06, 0x40, 0x01, 0x19, 0x0b]);
    expect(WebAssembly.validate(probe[0])).toBe(true);
    const broken = Uint8Array.from(probe[0]);
    broken[26] = 0xff;
    expect(WebAssembly.validate(broken)).toBe(false);
  });

  it('says so when WebAssembly lacks SIMD128, judged by validate() on the probe only', () => {
    const validate = vi.fn(() => false);
    const noSimd = { compile: WebAssembly.compile, validate };
    expect(() => checkWebAssembly({ WebAssembly: noSimd })).toThrow(/needs WebAssembly SIMD128 .* without it/);
    expect(validate).toHaveBeenCalledTimes(1);
    // The probe is SIMD-specific: the engine's real validate() accepts it and rejects it with v128 → i32.
    const probe = validate.mock.calls[0] as unknown as [Uint8Array<ArrayBuffer>];
    expect(WebAssembly.validate(probe[0])).toBe(true);
    const scalar = Uint8Array.from(probe[0]);
    scalar[14] = 0x7f; // result type i32: the body's v128 no longer type-checks
    expect(WebAssembly.validate(scalar)).toBe(false);
  });

  it('recognises a CSP refusal and names the directive to add', () => {
    const chromium = new WebAssembly.CompileError(
      "WebAssembly.compile(): Refused to compile or instantiate WebAssembly module because 'unsafe-eval' is not an allowed " +
        'source of script in the following Content Security Policy directive: "script-src \'self\'".',
    );
    expect(isCspBlock(chromium)).toBe(true);
    expect(isCspBlock(new WebAssembly.CompileError('call to WebAssembly.compile() blocked by CSP'))).toBe(true); // Firefox
    expect(isCspBlock(new EvalError("Refused to create a WebAssembly object because 'unsafe-eval' is not allowed"))).toBe(true); // Safari
    expect(isCspBlock(new WebAssembly.CompileError('expected magic word 00 61 73 6d'))).toBe(false);
    expect(cspMessage(chromium)).toMatch(/Add 'wasm-unsafe-eval' to script-src .* needs no 'unsafe-eval'/);
  });
});

describe('where init({ wasm }) loads from', () => {
  it('resolves a relative string against the page (document.baseURI), not the package', () => {
    vi.stubGlobal('document', { baseURI: 'https://example.com/app/page.html' });
    expect(resolveUrl('assets/fairdeck.wasm').href).toBe('https://example.com/app/assets/fairdeck.wasm');
    expect(resolveUrl('/fairdeck.wasm').href).toBe('https://example.com/fairdeck.wasm');
  });

  it("resolves it against the worker's location when there is no document", () => {
    vi.stubGlobal('location', { href: 'https://example.com/w/worker.js' });
    expect(resolveUrl('../fairdeck.wasm').href).toBe('https://example.com/fairdeck.wasm');
  });

  it('resolves it against the working directory in Node, and keeps absolute URLs', () => {
    expect(resolveUrl('x/fairdeck.wasm').href).toBe(new URL('x/fairdeck.wasm', `file://${process.cwd()}/`).href);
    expect(resolveUrl('https://cdn.example/fairdeck.wasm').href).toBe('https://cdn.example/fairdeck.wasm');
  });

  it('fetches a URL and compiles it', async () => {
    const module = await compileSource(`${base}ok/fairdeck.wasm`, deckModule);
    // The deck module as built: it exports its memory and imports what its glue provides.
    expect(WebAssembly.Module.exports(module).some((e) => e.kind === 'memory')).toBe(true);
    expect(WebAssembly.Module.imports(module).length).toBeGreaterThan(5);
  });

  it('names the URL and the HTTP status when the fetch fails, and says how to use init({ wasm })', async () => {
    await expect(compileSource(`${base}assets/fairdeck.wasm`, deckModule)).rejects.toThrow(
      new RegExp(`from ${base}assets/fairdeck\\.wasm: HTTP 404 Not Found\\. Serve fairdeck\\.wasm .*'fairdeck/fairdeck\\.wasm'.*init\\(\\{ wasm \\}\\)`),
    );
    await expect(compileSource(new URL(`${base}busy/fairdeck.wasm`), deckModule)).rejects.toThrow(/HTTP 503 Service Unavailable/);
  });

  it('uses the embedded copy by default: the same bytes as fairdeck.wasm', async () => {
    const embedded = await compileSource(undefined, deckModule);
    const file = new WebAssembly.Module(readFileSync(wasmUrl));
    expect(WebAssembly.Module.exports(embedded)).toEqual(WebAssembly.Module.exports(file));
    expect(WebAssembly.Module.imports(embedded)).toEqual(WebAssembly.Module.imports(file));
  });

  it('rejects a wasm option of the wrong kind with a TypeError naming it', async () => {
    await expect(compileSource(42 as never, deckModule)).rejects.toThrow(TypeError);
    await expect(compileSource({} as never, deckModule)).rejects.toThrow(/init\(\{ wasm \}\): expected a URL, .* got \[object Object\]/);
  });
});
