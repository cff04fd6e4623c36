/**
 * Issue 61 item 3: in development builds (NODE_ENV 'development') a Deck collected without
 * dispose() is reported with where it was made, and a disposed deck's error says where it was
 * disposed; with any other NODE_ENV (production builds, Node by default) neither happens. Each
 * case runs in its own Node process (NODE_ENV is read once, when the package loads), on the built
 * package, with --expose-gc to collect the dropped deck.
 */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { builtBin } from './helpers.js';

const script = `
import { init, Deck } from './dist/node.js';
await init();
const warnings = [];
console.warn = (m) => warnings.push(String(m));
function makeAndDrop() { new Deck({ seed: 1 }).deal(2); }
makeAndDrop();
const kept = new Deck({ seed: 2 });
kept.dispose();
function useDisposed() { kept.deal(1); }
let error = '';
try { useDisposed(); } catch (e) { error = e.message; }
for (let i = 0; i < 20 && warnings.length === 0; i++) { globalThis.gc(); await new Promise((r) => setTimeout(r, 10)); }
console.log(JSON.stringify({ warnings, error }));
`;

function run(env: string | undefined): { warnings: string[]; error: string } {
  builtBin('fairdeck');  // dist/ built and current
  const e: Record<string, string | undefined> = { ...process.env };
  if (env === undefined) delete e.NODE_ENV;
  else e.NODE_ENV = env;
  const out = execFileSync(process.execPath, ['--expose-gc', '--input-type=module', '-e', script], { env: e, encoding: 'utf8' });
  return JSON.parse(out.trim().split('\n').pop()!) as { warnings: string[]; error: string };
}

describe('development-build warnings', () => {
  it('reports a Deck collected without dispose(), with where it was made, and where a disposed deck was disposed', () => {
    const { warnings, error } = run('development');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^fairdeck: a Deck was garbage-collected without dispose\(\)/);
    expect(warnings[0]).toMatch(/; it was made at makeAndDrop /);
    expect(error).toMatch(/^this Deck has been disposed; it was disposed at /);
    expect(error).toContain('[eval1]');  // the script's own frame: where the caller disposed it
  }, 60_000);

  it('is silent, and the error plain, with NODE_ENV production, test or unset (the control)', () => {
    for (const env of ['production', 'test', undefined]) {
      const { warnings, error } = run(env);
      expect(warnings).toEqual([]);
      expect(error).toBe('this Deck has been disposed');
    }
  }, 60_000);
});
