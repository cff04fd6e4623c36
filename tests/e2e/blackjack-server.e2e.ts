/**
 * The example blackjack server (docs/examples/blackjack-server), as its operator and its player
 * use it: the server is started as `node server.mjs`, three shoes are played over its HTTP API
 * (hits, splits, stands), and it is killed with SIGKILL at seeded points — mid-hand too — and
 * started again from its directory; after every restart the table must show exactly what it showed
 * before the kill. Then Chromium opens the server's page, which checks every revealed shoe with
 * verifyShoe against the links it kept as the hands ended, and every hand with <fairdeck-verify>.
 * Negative controls: a state edited on disk is refused at start; a revealed hand whose card was
 * changed is named by the shoe's verdict and marked by the component; a hand rewritten with the
 * table's links recomputed passes a browser that kept no links, and is caught by the one that did.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { handLink } from '../../web/src/provable/index.js';
import { errorsOf, launch, root } from './browser.js';

const SERVER = join(root, 'docs/examples/blackjack-server/server.mjs');
const SHOES = 3;

type Seat = { pile: string; cards: string[]; total: number };
type View = {
  shoe: number; commitment: string; clientSeed: string | null; handsPlayed: number; links: string[]; revealed: number[];
  hand: { seats: Seat[]; playing: number; dealer: string[]; canSplit: boolean } | null;
  last: { shoe: number; commitment: string; hand: number; link: string } | null;
};

interface Running { proc: ChildProcess; url: string }

/** Starts the server on a free port; resolves when it says where it listens, rejects with its stderr if it exits first. */
function start(dir: string): Promise<Running> {
  const proc = spawn(process.execPath, [SERVER, '--port', '0', '--data', dir], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '', err = '';
  return new Promise((resolve, reject) => {
    proc.stdout!.on('data', (b) => {
      out += b;
      const m = /on (http:\/\/127\.0\.0\.1:\d+\/)/.exec(out);
      if (m) resolve({ proc, url: m[1] });
    });
    proc.stderr!.on('data', (b) => (err += b));
    proc.on('exit', (code) => reject(Object.assign(new Error(`server exited with ${code}: ${err}`), { code, stderr: err })));
  });
}

async function kill(r: Running): Promise<void> {
  const exited = new Promise((resolve) => r.proc.once('exit', resolve));
  r.proc.kill('SIGKILL');
  await exited;
}

async function api(r: Running, action: string, body?: unknown): Promise<View> {
  const res = await fetch(`${r.url}api/${action}`, { method: action === 'table' ? 'GET' : 'POST', body: body === undefined ? undefined : JSON.stringify(body) });
  const v = await res.json();
  if (!res.ok) throw new Error(`${action}: ${res.status} ${v.error}`);
  return v as View;
}

let browser: Browser;
let dir: string;
let server: Running;
const played = { actions: 0, hands: 0, splits: 0, kills: 0, midHand: 0 };
/** The links as the player saw them published, hand by hand, for each shoe's commitment. */
const seen = new Map<string, string[]>();

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'fairdeck-blackjack-'));
  browser = await launch();
});
afterAll(async () => {
  if (server) await kill(server).catch(() => undefined);
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

type Hand = { offset: number; dealt: string[]; deals: { pile: string; count: number }[]; piles: Record<string, string[]> };
type ShoeFile = { commitment: string; hands: Hand[]; links: string[] };
const shoeFile = (n: number) => join(dir, 'shoes', `${n}.json`);

describe('the example blackjack server (docs/examples/blackjack-server)', () => {
  it(`plays ${SHOES} shoes through SIGKILLs, showing after each restart exactly what it showed before`, async () => {
    server = await start(dir);
    let v = await api(server, 'table');
    const look = (view: View) => {
      const mine = seen.get(view.commitment) ?? [];
      expect(view.links.slice(0, mine.length)).toEqual(mine);  // a published link never changes
      seen.set(view.commitment, view.links);
      if (view.last) {  // a shoe's last link comes with the next shoe's first view
        const links = seen.get(view.last.commitment) ?? [];
        if (links.length === view.last.hand - 1) seen.set(view.last.commitment, [...links, view.last.link]);
        expect(seen.get(view.last.commitment)![view.last.hand - 1]).toBe(view.last.link);
      }
      return view;
    };
    while (v.revealed.length < SHOES) {
      const h = v.hand;
      let killNow = false;
      if (!h) {
        const first = v.clientSeed === null;
        v = look(await api(server, 'deal', first ? { clientSeed: `player of shoe ${v.shoe}` } : undefined));
        played.hands++;
        killNow = first;  // right after each shoe's first deal: mid-hand, unless it was a natural
      } else if (h.canSplit) {
        v = look(await api(server, 'split'));
        played.splits++;
        killNow = true;  // a split hand is always still in play
      } else {
        v = look(await api(server, h.seats[h.playing].total < 17 ? 'hit' : 'stand'));
      }
      played.actions++;
      if (killNow || played.actions % 37 === 0) {
        await kill(server);
        played.kills++;
        if (v.hand) played.midHand++;
        server = await start(dir);
        expect(await api(server, 'table')).toEqual(v);  // the same hand, cards, links and shoe
      }
    }
    // Shoe 4 begins, so that the saved state below holds a deck in play.
    v = await api(server, 'deal', { clientSeed: 'player of shoe 4' });
    expect(played.kills).toBeGreaterThanOrEqual(4);
    expect(played.midHand).toBeGreaterThanOrEqual(2);
    expect(played.splits).toBeGreaterThanOrEqual(1);
    expect(v.revealed).toEqual([1, 2, 3]);
    const hands = [1, 2, 3].map((n) => (JSON.parse(readFileSync(shoeFile(n), 'utf8')) as ShoeFile).hands.length);
    expect(hands.reduce((a, b) => a + b)).toBeLessThanOrEqual(played.hands);  // the hands in play in shoe 4 are not revealed yet
    // A revealed shoe is verifyShoe's input exactly: the terminal verifier checks it as written.
    for (const n of [1, 2, 3]) {
      const cli = spawnSync(process.execPath, [join(root, 'dist/cli/fairdeck.js'), 'verify', shoeFile(n)], { encoding: 'utf8' });
      expect(cli.stderr).toBe('');
      expect(cli.status).toBe(0);
    }
    console.log(`played ${played.hands} hands (${played.splits} splits, ${played.actions} actions), killed ${played.kills} times (${played.midHand} mid-hand); shoes of ${hands.join(', ')} hands`);
  });

  it('refuses to start from a state edited on disk (the saved deck carries a MAC), and starts again once it is put back', async () => {
    await kill(server);
    const file = join(dir, 'table.json');
    const saved = readFileSync(file, 'utf8');
    const state = JSON.parse(saved);
    state.deck.deals[0].count += 1;  // one more card to the first pile: a different next card
    writeFileSync(file, JSON.stringify(state));
    await expect(start(dir)).rejects.toMatchObject({ code: 1, stderr: expect.stringMatching(/mac does not match/) });
    writeFileSync(file, saved);
    server = await start(dir);
  });

  let page: Page;
  let errors: string[];
  const shoes = () => page.$$eval('section.shoe', (s) => s.map((e) => ({ n: Number(e.dataset.shoe), ok: e.dataset.ok, checked: Number(e.dataset.checked), text: e.querySelector('.shoe-verdict')!.textContent! })));

  it('in Chromium, the page checks every revealed shoe and, opened one by one, every hand of it', async () => {
    page = await browser.newPage();
    errors = errorsOf(page);
    // The player's browser kept the links as the hands ended (the page does it as it plays): give
    // it the chain the player saw published during the first test.
    await page.goto(server.url);
    await page.waitForSelector('body[data-ready=true]');
    await page.evaluate((kept) => {
      for (const [commitment, links] of kept) localStorage.setItem(`fairdeck-blackjack-links:${commitment}`, JSON.stringify(links));
    }, [...seen]);
    await page.reload();
    await page.waitForFunction(() => document.querySelectorAll('section.shoe[data-ok]').length === 3);
    const s = await shoes();
    expect(s.map((x) => x.ok)).toEqual(['true', 'true', 'true']);
    for (const x of s) expect(x.text).toMatch(/^✓ Fair: \d+ hands, \d+ cards, .*the \d+ links you kept/);
    const files = [1, 2, 3].map((n) => JSON.parse(readFileSync(shoeFile(n), 'utf8')) as ShoeFile);
    for (const f of files) expect(f.links).toEqual(seen.get(f.commitment));  // revealed as published
    files.forEach((f, i) => {
      expect(s[i].text).toContain(`✓ Fair: ${f.hands.length} hands,`);
      expect(s[i].checked).toBeGreaterThanOrEqual(f.hands.reduce((n, h) => n + h.dealt.length, 0));  // every card dealt, and each pile's
    });
    // Every hand, through the component: open it, wait for its verdict, close it.
    const verdicts = await page.evaluate(async () => {
      const out: { shoe: string; hand: string; verdict: string; kind: string }[] = [];
      const settled = (d: HTMLElement) => new Promise<void>((resolve) => {
        const wait = () => (d.dataset.verdict ? resolve() : requestAnimationFrame(wait));
        wait();
      });
      for (const d of document.querySelectorAll<HTMLDetailsElement>('section.shoe details')) {
        d.open = true;
        await settled(d);
        const kind = d.querySelector<HTMLElement>('fairdeck-verify .verdict')!.dataset.kind!;
        out.push({ shoe: d.closest('section')!.dataset.shoe!, hand: d.dataset.hand!, verdict: d.dataset.verdict!, kind });
        d.open = false;
      }
      return out;
    });
    expect(verdicts.length).toBe(files.reduce((n, f) => n + f.hands.length, 0));
    expect(verdicts.filter((x) => x.verdict !== 'ok' || x.kind !== 'ok')).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('negative control: a card changed in a revealed hand is named by the shoe verdict and marked by the component', async () => {
    const file = shoeFile(2), text = readFileSync(file, 'utf8'), shoe = JSON.parse(text) as ShoeFile;
    const hand = shoe.hands[4], was = hand.dealt[1], now = was === 'KD' ? 'QD' : 'KD';  // the dealer's up card of hand 5
    hand.dealt[1] = now;
    hand.piles.dealer[0] = now;
    writeFileSync(file, JSON.stringify(shoe));
    try {
      await page.reload();
      await page.waitForFunction(() => document.querySelectorAll('section.shoe[data-ok]').length === 3);
      const s = await shoes();
      expect(s.map((x) => x.ok)).toEqual(['true', 'false', 'true']);
      expect(s[1].text).toMatch(/hand 5/);
      const marked = await page.evaluate(async () => {
        const d = document.querySelector<HTMLDetailsElement>('section.shoe[data-shoe="2"] details[data-hand="5"]')!;
        d.open = true;
        await new Promise<void>((resolve) => {
          const wait = () => (d.dataset.verdict ? resolve() : requestAnimationFrame(wait));
          wait();
        });
        const el = d.querySelector('fairdeck-verify')!;
        return { ok: d.dataset.verdict === 'ok', text: el.querySelector('.verdict')!.textContent!, no: [...el.querySelectorAll<HTMLElement>('ol.order li[data-match=no]')].map((li) => li.dataset.code) };
      });
      expect(marked.ok).toBe(false);
      expect(marked.text).toMatch(new RegExp(`card 2 dealt was ${now}`));
      expect(marked.no.length).toBe(1);
    } finally {
      writeFileSync(file, text);
    }
  });

  it("negative control: a hand rewritten with the table's links recomputed passes a browser that kept no links, not the player's", async () => {
    const file = shoeFile(1), text = readFileSync(file, 'utf8'), shoe = JSON.parse(text) as ShoeFile;
    // Hand 3's cards claimed for each other's piles: the player's cards said to be the dealer's.
    const swap = (p: string) => (p === 'hand:0' ? 'dealer' : p === 'dealer' ? 'hand:0' : p);
    const hand = shoe.hands[2];
    hand.deals = hand.deals.map((p) => ({ ...p, pile: swap(p.pile) }));
    hand.piles = Object.fromEntries(Object.entries(hand.piles).map(([p, c]) => [swap(p), c]));
    let previous = shoe.commitment;
    shoe.links = shoe.hands.map((h) => (previous = handLink(previous, h)));
    writeFileSync(file, JSON.stringify(shoe));
    try {
      const fresh = await browser.newPage();  // a new context: this browser kept no links
      await fresh.goto(server.url);
      await fresh.waitForFunction(() => document.querySelectorAll('section.shoe[data-ok]').length === 3);
      const other = await fresh.$eval('section.shoe[data-shoe="1"]', (e) => ({ ok: e.dataset.ok, text: e.querySelector('.shoe-verdict')!.textContent! }));
      expect(other.ok).toBe('true');  // the seeds alone cannot tell whose pile a card went to
      expect(other.text).toMatch(/the table's links/);
      await fresh.close();
      await page.reload();
      await page.waitForFunction(() => document.querySelectorAll('section.shoe[data-ok]').length === 3);
      const s = await shoes();
      expect(s[0].ok).toBe('false');
      expect(s[0].text).toMatch(/hand 3/);
    } finally {
      writeFileSync(file, text);
    }
  });
});
