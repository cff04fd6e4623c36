/**
 * The demo's games (web/demo/games) in Chromium, against the production build: a seeded Hold'em
 * link deals what the package deals in Node, in real order (hole cards round-robin, a burn before
 * each street), every card once, three burns by the river; a hand played from the keyboard alone
 * and announced in the live region; blackjack's shoe with its cut card, reshuffled once it is out;
 * a provable hand whose verify link names the game and seats (and verifies); no label of the game
 * table overlapping another on a 390-px phone; and no console errors anywhere.
 */
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { Deck, init } from '../../web/src/games.js';
import { Riffles, DURATION } from '../../web/demo/table/motion.js';
import { errorsOf, usePages } from './browser.js';

const env = usePages(init);

/** Opens the demo with `query` (reduced motion unless asked); returns the page and its console errors. */
async function open(query: string, options: { width?: number; height?: number; motion?: boolean } = {}): Promise<{ page: Page; errors: string[] }> {
  const page = await env.browser.newPage({
    viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
    reducedMotion: options.motion ? 'no-preference' : 'reduce',
  });
  const errors = errorsOf(page);
  await page.goto(`${env.server.url}demo/${query}`);
  await page.waitForSelector('body[data-ready=true]');
  await idle(page);
  return { page, errors };
}

const idle = (page: Page) => page.waitForSelector('#game-table[data-idle=true], #game-table[hidden]', { state: 'attached' });
const announced = (page: Page) => page.locator('#announce').textContent().then((t) => t!.replace(/\u00a0$/, ''));
/** A spot of the text alternative: its face-up codes, its card count and its note. */
async function spot(page: Page, id: string): Promise<{ codes: string[]; count: number; note?: string; text: string }> {
  const li = page.locator(`#game-seats li[data-spot="${id}"]`);
  const codes = (await li.getAttribute('data-codes')) ?? '';
  return { codes: codes ? codes.split(',') : [], count: Number(await li.getAttribute('data-count')), note: (await li.getAttribute('data-note')) ?? undefined, text: (await li.textContent())! };
}
/** Presses `key` and waits for the table to come to rest. */
async function press(page: Page, key: string): Promise<void> {
  await page.keyboard.press(key);
  await idle(page);
}
interface Box { text: string; x: number; y: number; w: number; h: number }
const labels = (page: Page) => page.locator('#game-table').getAttribute('data-labels').then((j) => JSON.parse(j!) as Box[]);
const overlap = (a: Box, b: Box) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

it('a seeded Hold\'em link deals what the package deals in Node, in real order, each card once, three burns by the river', async () => {
  const seed = 31;
  const { page, errors } = await open(`?game=holdem&seats=6&seed=${seed}`);
  expect(page.url()).toContain('game=holdem&seats=6&seed=31');
  expect(await page.locator('#game-table').isVisible()).toBe(true);
  expect(await page.locator('#table').isVisible()).toBe(false);
  for (let street = 0; street < 4; street++) await press(page, 'd');

  const seats = await Promise.all(Array.from({ length: 6 }, (_, i) => spot(page, `seat-${i + 1}`)));
  const board = await spot(page, 'board');
  const burn = await spot(page, 'burn');

  // The package's own deal of the same hand.
  const deck = new Deck({ seed });
  const hands = deck.dealHands(6, 2).map((h) => h.map(String));
  deck.burn(1);
  deck.dealTo('board', 3);
  deck.burn(1);
  deck.dealTo('board', 1);
  deck.burn(1);
  deck.dealTo('board', 1);
  expect(seats.map((s) => s.codes)).toEqual(hands);
  expect(board.codes).toEqual(deck.pile('board').map(String));
  deck.dispose();

  // Real order, independently of the piles API: the same seed's first 20 cards, dealt like a dealer.
  const order = new Deck({ seed }).deal(20).map(String);
  expect(seats.map((s) => s.codes)).toEqual(Array.from({ length: 6 }, (_, i) => [order[i], order[6 + i]]));
  expect(board.codes).toEqual([order[13], order[14], order[15], order[17], order[19]]);

  expect(burn.count).toBe(3);
  expect(burn.codes).toEqual([]); // burned cards stay face down
  expect(burn.text).toMatch(/Burn pile: 3 cards, face down/);
  expect((await labels(page)).map((l) => l.text)).toContain('Burn · 3');
  const shown = [...seats.flatMap((s) => s.codes), ...board.codes];
  expect(shown).toHaveLength(17);
  expect(new Set(shown).size).toBe(17);
  expect(Number(await page.locator('#game-table').getAttribute('data-cards'))).toBe(20); // 12 + 5 face up, 3 burned
  expect((await spot(page, 'stock')).count).toBe(32);
  expect(await page.locator('#remaining').textContent()).toBe('32');
  const labelTexts = (await labels(page)).map((l) => l.text);
  for (let i = 1; i <= 6; i++) expect(labelTexts).toContain(`Seat ${i}`);
  expect(errors).toEqual([]);
  await page.close();
});

it('plays a Hold\'em hand from the keyboard alone, announcing every deal in the live region', async () => {
  const { page, errors } = await open('?seed=5');
  // Pick the game with the arrow keys on the game radios, then set the seats.
  await page.locator('#game-form input[name=game]').first().focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => page.url()).toContain('game=holdem');
  await idle(page);
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).name)).toBe('seats');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('4');
  await page.keyboard.press('Enter');
  await expect.poll(() => page.url()).toContain('seats=4');
  await page.keyboard.press('d'); // typed into the field: no shortcut
  expect((await spot(page, 'seat-1')).count).toBe(0);
  await page.keyboard.press('Tab'); // out of the field, on to the game's buttons
  expect(await page.evaluate(() => document.activeElement?.closest('#game-controls') !== null)).toBe(true);
  expect(await page.locator('#announce').getAttribute('aria-live')).toBe('polite');
  expect(await page.locator('#game-table').getAttribute('role')).toBe('img');

  await press(page, 'd');
  const said = await announced(page);
  expect(said).toMatch(/^Hole cards dealt, two to each of 4 seats/);
  for (let i = 1; i <= 4; i++) {
    const s = await spot(page, `seat-${i}`);
    expect(s.codes).toHaveLength(2);
    expect(said).toContain(`Seat ${i}: ${s.text.replace(/^Seat \d+: /, '')}`);
  }
  await press(page, 'd');
  const board = (await spot(page, 'board')).text.replace(/^Board: /, '');
  expect(await announced(page)).toBe(`Burned one card face down (burn pile 1). Flop: ${board}. Board: ${board}.`);
  await press(page, 'd');
  expect(await announced(page)).toMatch(/^Burned one card face down \(burn pile 2\)\. Turn: /);
  await press(page, 'd');
  expect(await announced(page)).toMatch(/^Burned one card face down \(burn pile 3\)\. River: /);
  expect(await page.locator('#game-table').getAttribute('aria-label')).toMatch(/Texas Hold'em table: 4 seats, 16 cards out; Deck: 36/);
  await press(page, 'd');
  expect(await announced(page)).toBe('The hand is complete: press N for a new hand.');
  const steps = await page.locator('#log li strong').allTextContents();
  expect(steps.slice(-4)).toEqual(['Hole cards', 'Flop', 'Turn', 'River']);

  // The buttons work from the keyboard too: Tab to "New hand", press Enter.
  const newHand = page.getByRole('button', { name: /New hand/ });
  expect(await newHand.getAttribute('aria-keyshortcuts')).toBe('N');
  await newHand.focus();
  await page.keyboard.press('Enter');
  await idle(page);
  expect(await announced(page)).toMatch(/^New hand: all 52 cards gathered and shuffled/);
  expect((await spot(page, 'burn')).count).toBe(0);
  expect((await spot(page, 'stock')).count).toBe(52);
  await press(page, 'd');
  expect((await spot(page, 'seat-4')).count).toBe(2);
  expect(await page.locator('#keys').textContent()).toMatch(/New hand/);

  // Back to free play: the free table and its keys return.
  await page.locator('#game-form input[name=game]').nth(1).focus();
  await page.keyboard.press('ArrowLeft');
  await expect.poll(() => page.url()).not.toContain('game=');
  expect(await page.locator('#table').isVisible()).toBe(true);
  await page.keyboard.press('h');
  expect(await page.locator('#on-table li').count()).toBe(5);
  expect(errors).toEqual([]);
  await page.close();
});

it('blackjack: a six-deck shoe dealt player, dealer, player, dealer-hole; the cut card comes out and the next round reshuffles', async () => {
  const seed = 3;
  const { page, errors } = await open(`?game=blackjack&seed=${seed}`);
  expect(page.url()).toContain('game=blackjack&seed=3');
  let shoe = await spot(page, 'stock');
  expect(shoe.count).toBe(312);
  expect(shoe.note).toBe('Cut card in');
  expect((await labels(page)).map((l) => l.text)).toEqual(expect.arrayContaining(['Shoe · 312', 'Cut card in', 'Dealer', 'Player']));

  await press(page, 'd');
  const node = new Deck({ seed, decks: 6, strategy: 'lazy', penetration: 0.75 });
  const first = node.deal(4).map(String);
  node.dispose();
  const player = await spot(page, 'player');
  const dealer = await spot(page, 'dealer');
  expect(player.codes.slice(0, 2)).toEqual([first[0], first[2]]);
  expect(dealer.codes[0]).toBe(first[1]);
  const natural = /Blackjack!/.test(await announced(page));
  if (!natural) {
    expect(dealer.count).toBe(2);
    expect(dealer.codes).toEqual([first[1]]); // the hole card lies face down
    expect(dealer.text).toMatch(/one card face down/);
    expect(await announced(page)).toMatch(/Dealer shows .*, hole card face down\. Hit \(H\) or stand \(S\)\?$/);
    await press(page, 's');
    expect(await announced(page)).toMatch(/^You stand on \d+\. Dealer turns /);
  }
  expect((await spot(page, 'dealer')).codes.slice(0, 2)).toEqual([first[1], first[3]]);

  // Play rounds (stand at once) until the cut card is out: 75 % of 312 cards.
  let rounds = 1;
  while ((await spot(page, 'stock')).note !== 'Shuffle needed' && rounds < 200) {
    await press(page, 'd');
    if (await page.getByRole('button', { name: /^Stand/ }).isEnabled()) await press(page, 's');
    rounds++;
  }
  shoe = await spot(page, 'stock');
  expect(shoe.note).toBe('Shuffle needed');
  expect(312 - shoe.count).toBeGreaterThanOrEqual(234);
  expect(shoe.text).toMatch(/shuffle needed/);
  expect((await labels(page)).map((l) => l.text)).toContain('Shuffle needed');
  expect(await page.getByRole('button', { name: /^Shuffle and deal/ }).count()).toBe(1);
  expect((await spot(page, 'discard')).count).toBeGreaterThan(200);
  await press(page, 'd');
  expect(await announced(page)).toMatch(/^The cut card was out: all 312 cards gathered and the shoe shuffled\./);
  shoe = await spot(page, 'stock');
  expect(shoe.note).toBe('Cut card in');
  expect(shoe.count).toBeGreaterThanOrEqual(312 - 4 - 12);
  expect((await spot(page, 'discard')).count).toBe(0);
  expect(errors).toEqual([]);
  await page.close();
});

it('a provable Hold\'em hand: the whole hand from the provable deck, and a verify link with game and seats that verifies', async () => {
  const { page, errors } = await open('?game=holdem&seats=6');
  await page.locator('#provable summary').click();
  expect(await page.locator('[data-pf=hand]').textContent()).toMatch(/whole Texas Hold'em hand for 6 seats/);
  await page.locator('[data-pf=client]').fill('table seven');
  await page.locator('[data-pf=deal]').click();
  await page.locator('[data-pf=reveal]').click();
  const href = (await page.locator('[data-pf=link]').getAttribute('href'))!;
  const q = new URL(href, 'http://x/demo/').searchParams;
  expect(q.get('game')).toBe('holdem');
  expect(q.get('seats')).toBe('6');
  const dealt = q.get('dealt')!.split(',');
  expect(dealt).toHaveLength(20); // 12 hole cards, 3 burns, 5 on the board, in dealing order
  const serverSeed = (await page.locator('[data-pf=seed]').textContent())!;
  const deck = new Deck({ provable: { serverSeed, clientSeed: 'table seven', nonce: 0, version: 2 } });
  expect(deck.deal(20).map(String)).toEqual(dealt);
  deck.dispose();
  const words = (await page.locator('[data-pf=dealt-text]').textContent())!;
  expect(words).toContain(`Seat 1: ${dealt[0]} ${dealt[6]}`);
  expect(words).toContain(`burned ${dealt[12]} ${dealt[16]} ${dealt[18]}`);

  await page.locator('[data-pf=link]').click();
  await page.waitForSelector('body[data-checked]');
  expect(await page.locator('#result .verdict').getAttribute('data-kind')).toBe('ok');
  expect(errors).toEqual([]);
  await page.close();
});

it('a provable blackjack hand deals the opening four from a six-deck shoe and links game=blackjack', async () => {
  const { page, errors } = await open('?game=blackjack&seed=9');
  await page.locator('#provable summary').click();
  await page.locator('[data-pf=deal]').click();
  await page.locator('[data-pf=reveal]').click();
  const q = new URL((await page.locator('[data-pf=link]').getAttribute('href'))!, 'http://x/demo/').searchParams;
  expect([q.get('game'), q.get('seats'), q.get('decks')]).toEqual(['blackjack', '1', '6']);
  expect(q.get('dealt')!.split(',')).toHaveLength(4);
  expect(errors).toEqual([]);
  await page.close();
});

it('on a 390-px phone no label of the game table overlaps another, with ten seats or at blackjack', async () => {
  for (const query of ['?game=holdem&seats=10&seed=2', '?game=holdem&seats=2&seed=2', '?game=blackjack&seed=2']) {
    const { page, errors } = await open(query, { width: 390, height: 844 });
    for (let i = 0; i < 4; i++) await press(page, query.includes('blackjack') ? (i ? 'h' : 'd') : 'd');
    const boxes = await labels(page);
    const size = await page.locator('#game-table').evaluate((c) => ({ w: c.clientWidth, h: c.clientHeight }));
    expect(size.w).toBeLessThan(390);
    expect(boxes.length).toBeGreaterThan(3);
    for (const [i, a] of boxes.entries()) {
      expect(a.x, a.text).toBeGreaterThanOrEqual(0);
      expect(a.y, a.text).toBeGreaterThanOrEqual(0);
      expect(a.x + a.w, a.text).toBeLessThanOrEqual(size.w);
      expect(a.y + a.h, a.text).toBeLessThanOrEqual(size.h);
      for (const b of boxes.slice(i + 1)) expect(overlap(a, b), `${a.text} / ${b.text} (${query})`).toBe(false);
    }
    if (query.includes('seats=10')) expect(boxes.filter((b) => /^Seat \d+$/.test(b.text))).toHaveLength(10);
    expect(errors).toEqual([]);
    await page.close();
  }
});

it('names what it ignored from the address (bad seats, unknown game) and opens the nearest table', async () => {
  let { page, errors } = await open('?game=holdem&seats=12&seed=1');
  expect(await announced(page)).toMatch(/^Ignored from the address: seats=12\. Texas Hold'em is ready/);
  expect(page.url()).toContain('game=holdem&seats=6&seed=1');
  expect(errors).toEqual([]);
  await page.close();
  ({ page, errors } = await open('?game=poker&seed=1'));
  expect(await announced(page)).toMatch(/^Ignored from the address: game=poker\./);
  expect(await page.locator('#table').isVisible()).toBe(true);
  expect(page.url()).not.toContain('game=');
  expect(errors).toEqual([]);
  await page.close();
});

it('with motion on, a deal animates and comes to rest; the free table\'s riffle keeps clear of the deck label', async () => {
  const { page, errors } = await open('?game=holdem&seats=3&seed=4', { motion: true });
  await page.keyboard.press('d');
  expect(await page.locator('#game-table').getAttribute('data-idle')).toBe('false');
  await idle(page);
  expect((await spot(page, 'seat-3')).count).toBe(2);
  expect(errors).toEqual([]);
  await page.close();
  // The free table's riffle: no back dips below the top of the deck pile's label.
  const riffles = new Riffles();
  const deck = { x: 80, y: 100, rot: 0 };
  const cw = 100, ch = 140;
  riffles.queue(1, 0, DURATION.riffle);
  for (let t = 0; t < DURATION.riffle; t += 10) {
    for (const p of riffles.poses(t, deck, cw, 14) ?? []) {
      const dip = (cw / 2) * Math.abs(Math.sin(p.rot)) + (ch / 2) * Math.cos(p.rot);
      expect(p.y + dip).toBeLessThan(deck.y + ch / 2 + 9 - 3);
    }
  }
});
