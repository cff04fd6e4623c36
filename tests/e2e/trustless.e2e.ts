/**
 * The no-dealer table (web/trustless) in Chromium, against the production build: seats in
 * workers of their own deal a Hold'em hand over a BroadcastChannel. An honest hand: every seat
 * sees its own two hole cards face up and no one else's, all seats see the same board, the 2n + 5
 * cards are distinct, and the spectator's independent check (fairdeck/verify on @noble/curves)
 * says every proof holds and opens the same board. Negative controls, one per cheat: a card
 * substituted in a seat's shuffle, a bad share for the flop and a seat that never shuffles are
 * each caught and named — the first two by the other seats' checks (and the bad share by the
 * spectator too), the stall by the table's timeout — and the hand is void. No console error.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { errorsOf, usePages } from './browser.js';

const env = usePages();

async function play(query: string): Promise<{ page: Page; errors: string[] }> {
  const page = await env.browser.newPage({ viewport: { width: 1280, height: 900 } });
  const errors = errorsOf(page);
  await page.goto(`${env.server.url}trustless/?${query}`);
  await page.waitForSelector('body[data-ready=true]');
  await page.getByRole('button', { name: 'Play a hand' }).click();
  await page.waitForSelector('body[data-state=done], body[data-state=void]', { timeout: 90_000 });
  await page.waitForSelector('#spectator[data-verdict]', { timeout: 30_000 });
  return { page, errors };
}

const seatsOf = (page: Page) => page.locator('section.seat').evaluateAll((els) => els.map((e) => {
  const d = (e as HTMLElement).dataset;
  return { seat: Number(d.seat), hole: (d.hole ?? '').split(',').filter(Boolean), board: (d.board ?? '').split(',').filter(Boolean), caught: d.caught, named: d.named,
    faceUp: e.querySelectorAll('.hole [data-code]').length, backs: e.querySelectorAll('.others .card').length };
}));

describe('the no-dealer table', () => {
  for (const n of [3, 6]) {
    it(`${n} honest seats deal a hand: own cards face up, one board, 2n + 5 distinct cards, and the spectator's verifier agrees`, async () => {
      const { page, errors } = await play(`seats=${n}&cheat=none`);
      expect(await page.locator('body').getAttribute('data-state')).toBe('done');
      const seats = await seatsOf(page);
      expect(seats).toHaveLength(n);
      for (const s of seats) {
        expect(s.hole, `seat ${s.seat}'s hole cards`).toHaveLength(2);
        expect(s.faceUp).toBe(2);
        expect(s.backs).toBe(2 * (n - 1));  // the others' cards, face down
        expect(s.board).toEqual(seats[0].board);
        expect(s.named).toBeUndefined();
      }
      expect(seats[0].board).toHaveLength(5);
      const all = [...seats.flatMap((s) => s.hole), ...seats[0].board];
      expect(new Set(all).size).toBe(2 * n + 5);
      expect(await page.locator('#spectator').getAttribute('data-verdict')).toBe('ok');
      const spectatorBoard = await page.locator('#spectator .spectator-board [data-code]').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.code));
      expect(spectatorBoard).toEqual(seats[0].board);
      // The page never shows a hole card outside its own seat's panel.
      const shown = await page.locator('[data-code]').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.code));
      expect(shown.filter((c) => !seats[0].board.includes(c!)).sort()).toEqual(seats.flatMap((s) => s.hole).sort());
      expect(errors).toEqual([]);
      await page.close();
    });
  }

  it('negative control: a seat that substitutes a card in its shuffle is caught by the next seats and named; the hand is void', async () => {
    const { page, errors } = await play('seats=4&cheat=substitute&cheater=1');
    expect(await page.locator('body').getAttribute('data-state')).toBe('void');
    expect(await page.locator('#status').textContent()).toMatch(/seat 1 cheated, caught by seat [023]/);
    expect(await page.locator('#status').textContent()).toMatch(/step 2/);
    const seats = await seatsOf(page);
    expect(seats.filter((s) => s.caught !== undefined).every((s) => s.caught === '1')).toBe(true);
    expect(seats.filter((s) => s.caught === '1').length).toBeGreaterThanOrEqual(1);
    expect(seats[1].named).toBe('cheat');
    expect(seats.every((s) => s.hole.length === 0 && s.board.length === 0)).toBe(true);  // no card was opened
    expect(await page.locator('#spectator').getAttribute('data-verdict')).toBe('incomplete');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('negative control: a bad share for the flop is refused by every other seat and named by the spectator\'s verifier too', async () => {
    const { page, errors } = await play('seats=3&cheat=bad-share&cheater=2');
    expect(await page.locator('body').getAttribute('data-state')).toBe('void');
    expect(await page.locator('#status').textContent()).toMatch(/seat 2 cheated/);
    const seats = await seatsOf(page);
    expect(seats[2].named).toBe('cheat');
    expect(seats.filter((s) => s.caught !== undefined).every((s) => s.caught === '2')).toBe(true);
    // The flop never opened for the honest seats. The cheat itself did open it: the others' good
    // shares were sent with theirs, and a bad share keeps a card from the others, not from its
    // sender (a board card is public anyway; docs/trustless.md §11).
    expect(seats.filter((s) => s.seat !== 2).every((s) => s.board.length === 0)).toBe(true);
    expect(seats[2].board).toHaveLength(3);
    expect(await page.locator('#spectator').getAttribute('data-verdict')).toBe('cheat:2:share');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('negative control: a seat that never shuffles is named by the table\'s timeout; the hand is void', async () => {
    const { page, errors } = await play('seats=3&cheat=stall&cheater=1');
    expect(await page.locator('body').getAttribute('data-state')).toBe('void');
    expect(await page.locator('#status').textContent()).toMatch(/seat 1 sent nothing for 5 s/);
    const seats = await seatsOf(page);
    expect(seats.map((s) => s.named)).toEqual([undefined, 'stall', undefined]);
    expect(errors).toEqual([]);
    await page.close();
  });
});
