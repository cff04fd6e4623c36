/**
 * The verify page (web/verify) and the demo's "Provably fair" mode in Chromium, against the
 * production build: a round dealt in the demo, revealed and followed to /verify/, says ok with every
 * card matching (and equals what Node deals from the same seeds); tampered links (a swapped pair, a
 * wrong nonce, a wrong client seed, a commitment to another seed) say not ok; a loaded page verifies
 * with the network blocked; bad input names its field; a whole-hand link (&game=holdem&seats=6)
 * shows who got which card in a table; and no page logs a console error.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { Deck, init } from '../../web/src/games.js';
import { commitRound } from '../../web/src/provable/index.js';
import { errorsOf, usePages } from './browser.js';

const env = usePages(init);

/** A round dealt in Node from fresh seeds: 6 cards of a French deck with jokers (scheme version 2 unless told). */
function nodeRound(nonce = 3, version?: 1 | 2) {
  const { serverSeed, commitment } = commitRound();
  const clientSeed = 'lucky ♣ player';
  const deck = new Deck({ provable: { serverSeed, clientSeed, nonce, version }, jokers: 2 });
  const dealt = deck.deal(6).map(String);
  deck.dispose();
  return { commitment, serverSeed, clientSeed, nonce, dealt };
}

type R = ReturnType<typeof nodeRound>;
const linkOf = (r: R, extra: Record<string, string> = {}) =>
  `verify/?${new URLSearchParams({ ...r, nonce: String(r.nonce), dealt: r.dealt.join(','), style: 'french', decks: '1', jokers: '2', ...extra })}`;

async function open(path: string, waitUntil: 'load' | 'networkidle' = 'load'): Promise<{ page: Page; errors: string[] }> {
  const page = await env.browser.newPage({ viewport: { width: 1280, height: 900 } });
  const errors = errorsOf(page);
  await page.goto(`${env.server.url}${path}`, { waitUntil });
  await page.waitForSelector('body[data-ready=true]');
  return { page, errors };
}

const verdict = (page: Page) => page.locator('#result .verdict');
const marks = (page: Page) => page.locator('#result ol.order li[data-match]').evaluateAll((lis) => lis.map((li) => (li as HTMLElement).dataset.match));

describe('demo → verify', () => {
  it('a provably fair round dealt in the demo verifies ok, every card matching', async () => {
    const { page, errors } = await open('demo/?style=german&jokers=1');
    await page.locator('#provable summary').click();
    const commitment = await page.locator('[data-pf=commitment]').textContent();
    expect(commitment).toMatch(/^[0-9a-f]{64}$/);
    await page.locator('[data-pf=client]').fill('my own seed');
    await page.locator('[data-pf=count]').fill('7');
    await page.locator('[data-pf=deal]').click();
    const dealt = await page.locator('[data-pf=cards] img').evaluateAll((imgs) => imgs.map((i) => (i as HTMLElement).dataset.code!));
    expect(dealt).toHaveLength(7);
    await expect.poll(() => page.locator('[data-pf=revealed]').isHidden()).toBe(true);  // the seed stays secret until revealed
    await page.locator('[data-pf=reveal]').click();
    const serverSeed = (await page.locator('[data-pf=seed]').textContent())!;
    expect(serverSeed).toMatch(/^[0-9a-f]{64}$/);

    // Node's deck deals the same cards from the revealed seeds: the page used the real provable deck.
    const deck = new Deck({ provable: { serverSeed, clientSeed: 'my own seed', nonce: 0 }, style: 'german', jokers: 1 });
    expect(deck.deal(7).map(String)).toEqual(dealt);
    deck.dispose();

    await page.locator('[data-pf=link]').click();
    await page.waitForSelector('body[data-checked]');
    expect(new URL(page.url()).pathname).toMatch(/\/verify\/$/);
    expect(await verdict(page).getAttribute('data-kind')).toBe('ok');
    expect(await verdict(page).textContent()).toMatch(/^✓ Fair: .*all 7 dealt cards/);
    const m = await marks(page);
    expect(m.slice(0, 7)).toEqual(Array(7).fill('yes'));
    expect(m).toHaveLength(33);  // German 32 + 1 joker: the whole order is drawn
    expect(m.slice(7).every((x) => x === 'rest')).toBe(true);
    expect(await page.locator('#result ol.order li[data-match] img').count()).toBe(33);
    expect(await page.locator('#result ol.order li').first().getAttribute('data-code')).toBe(dealt[0]);
    expect(errors).toEqual([]);
  });
});

describe('the verify page', () => {
  it('control: the untampered link says ok, and the page loads no WebAssembly', async () => {
    const page = await env.browser.newPage();
    const errors = errorsOf(page), loaded: string[] = [];
    page.on('request', (q) => loaded.push(q.url()));
    await page.goto(`${env.server.url}${linkOf(nodeRound())}`, { waitUntil: 'networkidle' });
    expect(loaded.filter((u) => /\.wasm$/.test(u))).toEqual([]);
    expect(loaded.length).toBeGreaterThan(1);  // control for the filter: the page and its bundle were seen
    expect(await verdict(page).getAttribute('data-kind')).toBe('ok');
    expect(await marks(page).then((m) => m.slice(0, 6))).toEqual(Array(6).fill('yes'));
    expect(errors).toEqual([]);
  });

  it('a version 1 round verifies with ?version=1 and with v1 picked in the form, not as version 2', async () => {
    const { page, errors } = await open(linkOf(nodeRound(3, 1), { version: '1' }));
    const scheme = page.locator('select[name=version]');
    expect(await verdict(page).getAttribute('data-kind')).toBe('ok');
    expect(await scheme.inputValue()).toBe('1');
    await scheme.selectOption('2');
    await page.locator('#check').click();
    await expect.poll(() => verdict(page).getAttribute('data-kind')).toBe('bad');
    expect(await verdict(page).textContent()).toMatch(/does not match the seeds/);
    expect(new URL(page.url()).searchParams.get('version')).toBe('2');
    await scheme.selectOption('1');
    await page.locator('#check').click();
    await expect.poll(() => verdict(page).getAttribute('data-kind')).toBe('ok');
    expect(errors).toEqual([]);
  });

  it('a swapped pair says not ok and marks both cards', async () => {
    const r = nodeRound();
    [r.dealt[2], r.dealt[3]] = [r.dealt[3], r.dealt[2]];
    const { page, errors } = await open(linkOf(r));
    expect(await verdict(page).getAttribute('data-kind')).toBe('bad');
    expect(await verdict(page).textContent()).toMatch(/^✗ Not verified: card 3 dealt was/);
    expect((await marks(page)).slice(0, 6)).toEqual(['yes', 'yes', 'no', 'no', 'yes', 'yes']);
    expect(errors).toEqual([]);
  });

  it.each([
    ['a wrong nonce', { nonce: '4' }, /does not match the seeds/],
    ['a wrong client seed', { clientSeed: 'lucky ♣ player ' }, /does not match the seeds/],
    ['a commitment to another seed', { commitment: commitRound().commitment }, /commitment does not match the server seed/],
  ])('%s says not ok', async (_, extra, reason) => {
    const { page, errors } = await open(linkOf(nodeRound(), extra));
    expect(await verdict(page).getAttribute('data-kind')).toBe('bad');
    expect(await verdict(page).textContent()).toMatch(reason);
    expect(errors).toEqual([]);
  });

  it('verifies offline once loaded: no request leaves the page', async () => {
    const r = nodeRound();
    const { page, errors } = await open(linkOf(r), 'networkidle');  // "loaded" includes the favicon
    const attempts: string[] = [];
    await page.route('**/*', (route) => {
      attempts.push(route.request().url());
      return route.abort();
    });
    await page.context().setOffline(true);
    // Tamper by keyboard, verify (Enter in a field submits), then undo and verify again.
    await page.locator('input[name=nonce]').fill('4');
    await page.locator('input[name=nonce]').press('Enter');
    await expect.poll(() => verdict(page).getAttribute('data-kind')).toBe('bad');
    await page.locator('input[name=nonce]').fill(String(r.nonce));
    await page.locator('#check').press('Enter');
    await expect.poll(() => verdict(page).getAttribute('data-kind')).toBe('ok');
    expect((await marks(page)).slice(0, 6)).toEqual(Array(6).fill('yes'));
    expect(await page.locator('#result ol.order img').first().evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0)).toBe(true);
    expect(attempts).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('bad input names its field, marks it invalid and draws nothing', async () => {
    const { page, errors } = await open(linkOf(nodeRound(), { nonce: 'three' }));
    expect(await verdict(page).getAttribute('data-kind')).toBe('error');
    expect(await verdict(page).textContent()).toMatch(/^Cannot check this round: nonce must be an integer, got "three"/);
    expect(await page.locator('input[name=nonce]').getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('#result ol.order li').count()).toBe(0);
    await page.locator('textarea[name=dealt]').fill('AS, ZZ');
    await page.locator('input[name=nonce]').fill('3');
    await page.locator('#check').click();
    await expect.poll(() => verdict(page).textContent()).toMatch(/dealt\[1\] is "ZZ", which is not a card of this deck/);
    expect(await page.locator('textarea[name=dealt]').getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('input[name=nonce]').getAttribute('aria-invalid')).toBe(null);
    expect(errors).toEqual([]);
  });

  it('a generic deck (?size=) is drawn as numbered tiles; an empty page asks for a round', async () => {
    const { page, errors } = await open('verify/');
    expect(await verdict(page).textContent()).toMatch(/^Fill in the round/);
    expect(await page.locator('input[name=size]').isDisabled()).toBe(true);
    await page.locator('select[name=style]').selectOption('generic');
    expect(await page.locator('input[name=decks]').isDisabled()).toBe(true);
    const { serverSeed, commitment } = commitRound();
    const deck = new Deck({ provable: { serverSeed, clientSeed: '', nonce: 0 }, size: 10 });
    const dealt = deck.deal(4).map(String);
    deck.dispose();
    for (const [name, value] of [['commitment', commitment], ['serverSeed', serverSeed], ['size', '10'], ['dealt', dealt.join(' ')]]) {
      await page.locator(`[name=${name}]`).fill(value);
    }
    await page.locator('#check').click();
    await expect.poll(() => verdict(page).getAttribute('data-kind')).toBe('ok');
    expect(await page.locator('#result ol.order .generic-card').allTextContents()).toHaveLength(10);
    expect(new URL(page.url()).searchParams.get('size')).toBe('10');
    expect(errors).toEqual([]);
  });
});

describe('a hand inside a shoe', () => {
  it('&offset= checks hand 4 of a 6-deck shoe alone: ok, the earlier hands marked as such; the wrong offset is not ok', async () => {
    const { serverSeed, commitment } = commitRound();
    const clientSeed = 'shoe player', nonce = 2;
    const shoe = new Deck({ provable: { serverSeed, clientSeed, nonce }, decks: 6, penetration: 0.75 });
    shoe.deal(3 * 5);  // three earlier hands of five cards
    const dealt = shoe.deal(5).map(String);
    shoe.dispose();
    const r = { commitment, serverSeed, clientSeed, nonce, dealt };
    const { page, errors } = await open(linkOf(r, { decks: '6', jokers: '0', offset: '15' }));
    expect(await page.locator('input[name=offset]').inputValue()).toBe('15');
    expect(await verdict(page).getAttribute('data-kind')).toBe('ok');
    expect(await verdict(page).textContent()).toMatch(/all 5 dealt cards/);
    const m = await marks(page);
    expect(m.slice(0, 15)).toEqual(Array(15).fill('earlier'));
    expect(m.slice(15, 20)).toEqual(Array(5).fill('yes'));
    expect(await page.locator('#result .order-summary').textContent()).toMatch(/15 dealt to earlier hands, then 5 dealt in this hand, 5 of them matching/);
    await page.locator('input[name=offset]').fill('14');
    await page.locator('#check').click();
    await expect.poll(() => verdict(page).getAttribute('data-kind')).toBe('bad');
    expect(await verdict(page).textContent()).toMatch(/\(card 15 of the round's order\)/);
    expect(new URL(page.url()).searchParams.get('offset')).toBe('14');
    expect(errors).toEqual([]);
  });
});

describe('whole hands', () => {
  it("a Hold'em link (&game=holdem&seats=6) shows who got which card in a table; a swapped hole card is marked", async () => {
    const { serverSeed, commitment } = commitRound();
    const clientSeed = 'six at the table', nonce = 12;
    const deck = new Deck({ provable: { serverSeed, clientSeed, nonce } });
    const hands = deck.dealHands(6, 2);
    const hole = [0, 1].flatMap((round) => hands.map((h) => h[round]));
    const rest = [deck.burn(), deck.dealTo('board', 3), deck.burn(), deck.dealTo('board'), deck.burn(), deck.dealTo('board')].flat();
    const dealt = [...hole, ...rest].map(String);
    const piles = Object.fromEntries(deck.piles.map((p) => [p, deck.pile(p).map(String)]));
    const names = deck.piles;
    deck.dispose();
    expect(names).toEqual(['hand:0', 'hand:1', 'hand:2', 'hand:3', 'hand:4', 'hand:5', 'burn', 'board']);
    const r = { commitment, serverSeed, clientSeed, nonce, dealt };
    const rows = (page: Page) => page.locator('#result table.piles tbody tr').evaluateAll((trs) => trs.map((tr) => ({
      pile: (tr as HTMLElement).dataset.pile, cards: [...tr.querySelectorAll('li')].map((li) => li.dataset.code),
      marks: [...tr.querySelectorAll('li')].map((li) => li.dataset.match) })));

    const { page, errors } = await open(linkOf(r, { jokers: '0', game: 'holdem', seats: '6' }));
    expect(await verdict(page).getAttribute('data-kind')).toBe('ok');
    expect(await verdict(page).textContent()).toMatch(/all 20 dealt cards .* to these piles/);
    expect(await page.locator('select[name=game]').inputValue()).toBe('holdem');
    const table = page.getByRole('table');
    expect(await table.isVisible()).toBe(true);
    expect(await table.getByRole('columnheader').allTextContents()).toEqual(['Pile', 'Cards, in the order they arrived', 'Check']);
    const heads = await table.getByRole('rowheader').allTextContents();
    expect(heads).toEqual([...[1, 2, 3, 4, 5, 6].map((s) => `Seat ${s} hand:${s - 1}`), 'Burn burn', 'Board board']);
    const shown = await rows(page);
    expect(shown.map((x) => x.pile)).toEqual(names);
    for (const row of shown) {
      expect(row.cards, row.pile).toEqual(piles[row.pile!]);
      expect(row.marks.every((m) => m === 'yes'), row.pile).toBe(true);
    }
    // The cell of seat 1 is found from its row header, as a screen reader announces it.
    expect(await table.getByRole('row', { name: /Seat 1 hand:0/ }).getByRole('cell').first().textContent()).toContain(piles['hand:0'][0]);

    // Seat 1 and seat 2 swap their first hole cards: both rows say so, and the verdict names the card.
    [r.dealt[0], r.dealt[1]] = [r.dealt[1], r.dealt[0]];
    await page.goto(`${env.server.url}${linkOf(r, { jokers: '0', game: 'holdem', seats: '6' })}`);
    await page.waitForSelector('body[data-checked]');
    expect(await verdict(page).getAttribute('data-kind')).toBe('bad');
    expect(await verdict(page).textContent()).toMatch(/^✗ Not verified: card 1 dealt was/);
    const tampered = await rows(page);
    expect(tampered[0].marks).toEqual(['no', 'yes']);
    expect(tampered[1].marks).toEqual(['no', 'yes']);
    expect(tampered.slice(2).every((x) => x.marks.every((m) => m === 'yes'))).toBe(true);
    expect(await page.locator('#result table.piles tbody tr[data-pile="hand:0"] td[data-kind=bad]').textContent()).toBe('✗ 1 of 2 not as dealt');

    // Blackjack from the form: one player and the dealer; and no game hides the table.
    await page.locator('select[name=game]').selectOption('blackjack');
    await page.locator('input[name=seats]').fill('1');
    await page.locator('#check').click();
    await expect.poll(async () => (await rows(page)).map((x) => x.pile)).toEqual(['hand:0', 'dealer']);
    expect(new URL(page.url()).searchParams.get('game')).toBe('blackjack');
    await page.locator('select[name=game]').selectOption('');
    await page.locator('#check').click();
    await expect.poll(() => page.locator('#result section.hand').isHidden()).toBe(true);
    expect(new URL(page.url()).searchParams.has('game')).toBe(false);
    expect(errors).toEqual([]);
  });
});
