/**
 * The package's exports map points only at files the tarball ships (issue 61: a `fairdeck-source`
 * condition once pointed at web/src, which it does not), and the two places that resolve the
 * entries to their TypeScript sources — vite.config.ts's aliases (pages and Vitest) and
 * tsconfig.json's `paths` (the type checker) — agree with it and with each other.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { packageSources, sourceOf } from '../../vite.config.js';

const root = new URL('../../', import.meta.url);
const pkg = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as { exports: Record<string, unknown>; files: string[] };
const tsconfig = JSON.parse(readFileSync(new URL('tsconfig.json', root), 'utf8')) as { compilerOptions: { paths: Record<string, string[]> } };

/** Every (condition path, file) pair in the exports map. */
function targets(): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const [entry, target] of Object.entries(pkg.exports)) {
    if (typeof target === 'string') out.push([entry, target]);
    else for (const [condition, file] of Object.entries(target as Record<string, string>)) out.push([`${entry} ${condition}`, file]);
  }
  return out;
}
/** True when `file` is inside what package.json "files" ships (dist/ or a listed file). */
const shipped = (file: string) => file === './package.json' || pkg.files.filter((f) => !f.startsWith('!')).some((f) => (f.endsWith('/') ? file.startsWith(`./${f}`) : file === `./${f}`));

describe('the exports map', () => {
  it('points only at files the tarball ships', () => {
    const outside = targets().filter(([, file]) => !shipped(file));
    expect(outside).toEqual([]);
  });
  it('has no custom condition (types, node and default only)', () => {
    const conditions = new Set(targets().map(([where]) => where.split(' ')[1]).filter(Boolean));
    expect([...conditions].sort()).toEqual(['default', 'node', 'types']);
  });
  it('the check above can fail: a condition pointing at web/src is caught', () => {
    expect(shipped('./web/src/index.ts')).toBe(false);
    expect(shipped('./dist/index.js')).toBe(true);
  });
  it("resolves every JS entry to a source that exists, and tsconfig's paths say the same", () => {
    expect(packageSources.length).toBe(10);
    for (const { source } of packageSources) expect(existsSync(new URL(source, root)), source).toBe(true);
    expect(tsconfig.compilerOptions.paths).toEqual(Object.fromEntries(packageSources.map(({ name, source }) => [name, [source]])));
    expect(sourceOf('./dist/verify/view.js')).toBe('./web/src/verify/view.ts');
  });
});
