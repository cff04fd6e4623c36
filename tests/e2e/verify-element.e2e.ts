/**
 * fairdeck/verify/view in Chromium, from the built package (dist/) on a page that is not
 * fairdeck's own (tests/e2e/verify-element.html): `<fairdeck-verify>` given a round as a property
 * or as its `round` attribute draws the verdict, who got which card and the deal order, and fires
 * `verdict`; a tampered hand inside the round is marked and named; a malformed round or attribute
 * fires `round-error` and draws the error; `renderRound` draws into any element, its latest call
 * winning; and none of it loads WebAssembly or logs a console error. (The repository's verify page
 * is the same component under a form: verify.e2e.ts.)
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { Deck, init } from '../../web/src/games.js';
import { commitRound } from '../../web/src/provable/index.js';
import { errorsOf, useRoot } from './browser.js';

const env = useRoot(init);

/** A Hold'em hand for 3 seats dealt in Node from fresh seeds: the verifyRound input and the deck's piles. */
function holdemRound() {
  const { serverSeed, commitment } = commitRound();
  const clientSeed = 'a player', nonce = 5;
  const deck = new Deck({ provable: { serverSeed, clientSeed, nonce } });
  const hands = deck.dealHands(3, 2);
  const hole = [0, 1].flatMap((round) => hands.map((h) => h[round]));
  const rest = [deck.burn(), deck.dealTo('board', 3), deck.burn(), deck.dealTo('board'), deck.burn(), deck.dealTo('board')].flat();
  const piles = Object.fromEntries(deck.piles.map((p) => [p, deck.pile(p).map(String)]));
  deck.dispose();
  const round = { commitment, serverSeed, clientSeed, nonce, dealt: [...hole, ...rest].map(String), deals: { game: 'holdem', seats: 3 } };
  return { round, piles };
}

async function open(): Promise<{ page: Page; errors: string[]; wasm: string[] }> {
  const page = await env.browser.newPage({ viewport: { width: 1200, height: 900 } });
  const errors = errorsOf(page), wasm: string[] = [];
  page.on('request', (q) => { if (/\.wasm$/.test(q.url())) wasm.push(q.url()); });
  await page.goto(`${env.server.url}tests/e2e/verify-element.html`);
  await page.waitForSelector('body[data-ready=true]');
  return { page, errors, wasm };
}

type Drawn = { kind?: string; text: string; rows: { pile?: string; cards: string[]; marks: string[] }[]; order: string[]; marks: string[];
  headings: string[]; event: string; detail: unknown };

/** Puts `<fairdeck-verify>` on the page with the round (as a property, or as the attribute's JSON text) and reads what it drew. */
function place(page: Page, round: unknown, how: 'property' | 'attribute' | 'text'): Promise<Drawn> {
  return page.evaluate(async ([round, how]) => {
    const w = window as unknown as { fairdeckView: { defineVerifyElement: () => unknown } };
    w.fairdeckView.defineVerifyElement();
    const el = document.createElement('fairdeck-verify') as HTMLElement & { round: unknown };
    const settled = new Promise<[string, unknown]>((resolve) => {
      el.addEventListener('verdict', (e) => resolve(['verdict', (e as CustomEvent).detail]));
      el.addEventListener('round-error', (e) => resolve(['round-error', String((e as CustomEvent).detail)]));
    });
    if (how === 'property') el.round = round;
    else el.setAttribute('round', how === 'text' ? (round as string) : JSON.stringify(round));
    document.body.append(el);
    const [event, detail] = await settled;
    const v = el.querySelector<HTMLElement>('.verdict')!;
    const rows = [...el.querySelectorAll<HTMLElement>('table.piles tbody tr')].map((tr) => ({
      pile: tr.dataset.pile, cards: [...tr.querySelectorAll('li')].map((li) => li.dataset.code!), marks: [...tr.querySelectorAll('li')].map((li) => li.dataset.match!) }));
    const tiles = [...el.querySelectorAll<HTMLElement>('ol.order li[data-code]')];
    const out = { kind: v.dataset.kind, text: v.textContent!, rows, order: tiles.map((li) => li.dataset.code!), marks: tiles.map((li) => li.dataset.match!),
      headings: [...el.querySelectorAll('h2, h3, h4, h5, h6')].map((h) => h.tagName), event, detail };
    el.remove();
    return out;
  }, [round, how] as const);
}

describe('<fairdeck-verify>', () => {
  it("control: a Hold'em hand given as a property verifies, with the piles of the deck that dealt it", async () => {
    const { page, errors, wasm } = await open();
    const { round, piles } = holdemRound();
    const d = await place(page, round, 'property');
    expect(d.event).toBe('verdict');
    expect((d.detail as { ok: boolean; checked: number }).ok).toBe(true);
    expect((d.detail as { checked: number }).checked).toBe(14);  // 6 hole cards, 3 burns, 5 on the board
    expect(d.kind).toBe('ok');
    expect(d.text).toMatch(/^✓ Fair: .*all 14 dealt cards .* to these piles/);
    expect(d.rows.map((r) => r.pile)).toEqual(Object.keys(piles));
    for (const r of d.rows) {
      expect(r.cards, r.pile).toEqual(piles[r.pile!]);
      expect(r.marks.every((m) => m === 'yes'), r.pile).toBe(true);
    }
    expect(d.order).toHaveLength(52);
    expect(d.order.slice(0, 14)).toEqual(round.dealt);
    expect(d.marks.slice(0, 14)).toEqual(Array(14).fill('yes'));
    expect(d.headings).toEqual(['H3', 'H3']);
    expect(wasm).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('a swapped pair inside the hand is not verified: the verdict names the card, both seats are marked', async () => {
    const { page, errors } = await open();
    const { round } = holdemRound();
    [round.dealt[1], round.dealt[2]] = [round.dealt[2], round.dealt[1]];  // seat 2's and seat 3's first hole cards
    const d = await place(page, round, 'attribute');
    expect(d.event).toBe('verdict');
    expect(d.kind).toBe('bad');
    expect(d.text).toMatch(/^✗ Not verified: card 2 dealt was/);
    expect(d.rows[0].marks).toEqual(['yes', 'yes']);
    expect(d.rows[1].marks).toEqual(['no', 'yes']);
    expect(d.rows[2].marks).toEqual(['no', 'yes']);
    expect(d.marks.slice(0, 4)).toEqual(['yes', 'no', 'no', 'yes']);
    expect(errors).toEqual([]);
  });

  it('a malformed round, or an attribute that is not JSON, fires round-error and draws the message, never a verdict', async () => {
    const { page, errors } = await open();
    const { round } = holdemRound();
    const bad = await place(page, { ...round, nonce: 'five' }, 'property');
    expect(bad.event).toBe('round-error');
    expect(bad.detail).toMatch(/nonce must be an integer, got "five"/);
    expect(bad.kind).toBe('error');
    expect(bad.text).toMatch(/^Cannot check this round: nonce must be an integer/);
    expect(bad.order).toEqual([]);
    const text = await place(page, '{"commitment": ', 'text');
    expect(text.event).toBe('round-error');
    expect(text.detail).toMatch(/^TypeError: the round attribute must be the round as JSON/);
    expect(text.kind).toBe('error');
    expect(errors).toEqual([]);
  });
});

describe('renderRound', () => {
  it('draws into any element with the heading level asked for; an overlapping earlier call draws nothing', async () => {
    const { page, errors } = await open();
    const { round } = holdemRound();
    const other = { ...round, dealt: round.dealt.slice(0, 3), deals: undefined };
    const r = await page.evaluate(async ([round, other]) => {
      const { renderRound } = (window as unknown as { fairdeckView: { renderRound: (t: Element, r: unknown, o?: unknown) => Promise<{ ok: boolean }> } }).fairdeckView;
      const box = document.createElement('div');
      document.body.append(box);
      const [first, second] = await Promise.all([renderRound(box, round, { headingLevel: 4 }), renderRound(box, other, { headingLevel: 4 })]);
      const level = await renderRound(box, round, { headingLevel: 7 }).then(() => 'resolved', (e: Error) => `${e.name}: ${e.message}`);
      return { first: first.ok, second: second.ok, roots: box.querySelectorAll('.fairdeck-verify').length, piles: box.querySelectorAll('table.piles').length,
        marked: box.querySelectorAll('ol.order li[data-match=yes]').length, headings: [...box.querySelectorAll('h4')].length, level };
    }, [round, other] as const);
    expect(r).toEqual({ first: true, second: true, roots: 1, piles: 0, marked: 3, headings: 1,
      level: 'RangeError: options.headingLevel must be 2, 3, 4, 5 or 6, not 7' });
    expect(errors).toEqual([]);
  });
});
