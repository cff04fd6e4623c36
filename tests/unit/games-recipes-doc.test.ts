/**
 * Issue 60, item 3: every recipe of docs/games.md runs as written — its code blocks, with their
 * imports, taken from the page itself, compiled (TypeScript's transpileModule) and run by Node
 * against the built package — and runs unchanged with `provable` added to each `new Deck(…)`
 * (no strategy or option a provable deck refuses). The blocks of one `###` section are one
 * program (Hold'em's second block goes on with the first's deck). The blackjack shoe, made
 * provable, is then checked hand by hand with the `blackjack` preset (hits, splits as moves, the
 * dealer's draws) and verifyShoe's offsets. The negative control: a recipe that a provable deck
 * refuses (a seed with provable) must fail the runner.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { builtBin } from './helpers.js';

beforeAll(() => void builtBin('fairdeck'), 300_000);

const page = readFileSync(new URL('../../docs/games.md', import.meta.url), 'utf8');
const recipes = (() => {
  const section = page.slice(page.indexOf('## Recipes'), page.indexOf('\n## ', page.indexOf('## Recipes') + 5));
  return section.split('\n### ').slice(1).map((part) => ({
    name: part.slice(0, part.indexOf('\n')),
    code: [...part.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]).join('\n'),
  }));
})();

const SERVER = 'a1'.repeat(32);
/** `code` with `provable` added to every `new Deck(…)`. */
const provable = (code: string) =>
  code.replaceAll('new Deck()', 'new Deck({ provable: PROVABLE })').replaceAll('new Deck({ ', 'new Deck({ provable: PROVABLE, ');

/** Compiles and runs one program in build/recipes (inside the package, so 'fairdeck/games' resolves to dist). */
function runRecipe(name: string, code: string, epilogue = '') {
  const prelude = `const PROVABLE = { serverSeed: '${SERVER}', clientSeed: 'recipes', nonce: 0 };\n`;
  const js = ts.transpileModule(code, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } }).outputText;
  // Imports first (they are hoisted anyway), then the prelude, the recipe and what the test adds.
  const lines = js.split('\n'), imports = lines.filter((l) => /^import /.test(l)), body = lines.filter((l) => !/^import /.test(l));
  mkdirSync('build/recipes', { recursive: true });
  const file = `build/recipes/${name.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}.mjs`;
  writeFileSync(file, [...imports, prelude, ...body, epilogue, "console.log('recipe ran');"].join('\n'));
  const r = spawnSync(process.execPath, [file], { encoding: 'utf8' });
  return { ...r, file };
}

describe('docs/games.md recipes, as written', () => {
  it('are all there, each with its imports', () => {
    expect(recipes.map((r) => r.name)).toEqual(["Texas Hold'em (2–10 seats)", 'Blackjack from a 6-deck shoe', 'Bridge', 'Skat (32 cards, German style)']);
    for (const r of recipes) expect(r.code).toMatch(/^import \{ [^}]+ \} from 'fairdeck\/games';/);
  });
  for (const [variant, transform] of [['as written', (c: string) => c], ['made provable', provable]] as const) {
    it.each(recipes.map((r) => [r.name, r.code] as const))(`%s runs ${variant}`, (name, code) => {
      const r = runRecipe(`${name} ${variant}`, transform(code));
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
      expect(r.stdout).toBe('recipe ran\n');
    });
  }

  it('the provable shoe verifies hand by hand with the blackjack preset (hits, splits, dealer draws)', () => {
    const blackjack = recipes.find((r) => r.name.startsWith('Blackjack'))!;
    // The recipe's own loop, with a record of each hand kept beside it: what a server publishes.
    let code = provable(blackjack.code)
      .replace("import { init, Deck, type Card } from 'fairdeck/games';", "import { init, Deck, type Card } from 'fairdeck/games';\nimport { verifyShoe } from 'fairdeck/verify';\nimport { commitmentOf } from 'fairdeck/provable';")
      .replace('while (!shoe.cutCardOut) {', [
        // every card the recipe's calls deal, in dealing order (the calls themselves are the recipe's)
        'const out: string[] = [], record: any[] = [], history: any[] = [];',
        'for (const call of ["dealPattern", "dealTo"] as const) { const f = (shoe as any)[call].bind(shoe); (shoe as any)[call] = (...a: any[]) => { const c = f(...a); out.push(...c.map(String)); return c; }; }',
        'while (!shoe.cutCardOut) {',
        '  const offset = out.length;',
      ].join('\n'))
      .replace("shoe.moveCards([second], 'hand:0.1', { from: 'hand:0' });", "shoe.moveCards([second], 'hand:0.1', { from: 'hand:0' });\n    history.push({ after: offset + 4, moveCards: [String(second)], to: 'hand:0.1', from: 'hand:0' });")
      .replace("  for (const pile of [...hands, 'dealer']) shoe.moveCards(shoe.pile(pile), 'discard');", [
        '  const hits = hands.map((h) => shoe.pile(h).length - 2);  // each hand: its first two cards, then the hits',
        "  const piles = Object.fromEntries([...hands, 'dealer'].map((p) => [p, shoe.pile(p).map(String)]));",
        "  record.push({ offset, dealt: out.slice(offset), deals: { game: 'blackjack', seats: 1, hits: [hands.length > 1 ? hits : hits[0]], dealer: shoe.pile('dealer').length - 2 }, piles, split: hands.length > 1 });",
        "  for (const pile of [...hands, 'dealer']) shoe.moveCards(shoe.pile(pile), 'discard');",
      ].join('\n'));
    expect(code).toContain('record.push');
    code += `
const shoeRound = { commitment: commitmentOf(PROVABLE.serverSeed), ...PROVABLE, deck: { decks: 6 }, hands: record.map(({ split, ...h }) => h), history };
const v = await verifyShoe(shoeRound);
if (!v.ok) throw new Error('the shoe did not verify: ' + JSON.stringify(v).slice(0, 2000));
const bad = structuredClone(shoeRound); bad.hands[3].deals.hits = [bad.hands[3].deals.hits[0] === 0 ? 1 : 0];
if ((await verifyShoe(bad)).ok) throw new Error('a wrong hit count verified');
console.log('hands', record.length, 'splits', record.filter((h) => h.split).length);
`;
    const r = runRecipe('blackjack verified', code);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^hands \d+ splits [1-9]\d*\nrecipe ran\n$/);  // seeded: 41 hands, 4 of them split
  });

  it('negative control: a recipe a provable deck refuses fails the runner', () => {
    const r = runRecipe('refused', provable("import { init, Deck } from 'fairdeck/games';\nawait init();\nnew Deck({ seed: 1 });\n"));
    expect(r.status).not.toBe(0);
    expect(r.stderr).toMatch(/provable cannot be combined with seed/);
  });
});
