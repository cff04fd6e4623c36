/**
 * The demo's "Provably fair" mode: the page plays the server (commitRound() from
 * fairdeck/provable), shows the commitment before the deal, takes the player's client seed, deals
 * a round with `new Deck({ provable })`, then reveals the server seed and links to the verify page,
 * pre-filled. One round per server seed: revealing a seed ends it, so the next round commits anew.
 */
import { Deck } from 'fairdeck';
import { cardLabel, cardSvg } from 'fairdeck/faces';
import { commitRound, type Commitment } from 'fairdeck/provable';

/** The table's deck composition, which the provable round uses too. */
export interface Composition {
  readonly style: 'french' | 'german';
  readonly decks: number;
  readonly jokers: number;
}

const MARKUP = `
  <summary><h2 id="provable-heading">Provably fair mode</h2></summary>
  <p class="hint">In a real game the <em>server</em> makes a secret seed and publishes its commitment before play;
    here this page plays the server. The round uses the table's deck options.</p>
  <ol class="pf-steps">
    <li><strong>The dealer commits</strong> (SHA-256 of its secret seed):
      <code class="pf-hex" data-pf="commitment"></code></li>
    <li><label>Your client seed, chosen after seeing the commitment
      <input data-pf="client" type="text" autocomplete="off" spellcheck="false" /></label>
      <label>Cards to deal <input data-pf="count" type="number" min="1" value="5" inputmode="numeric" /></label>
      <p class="pf-line">Nonce (round under this seed): <strong data-pf="nonce">0</strong></p>
      <button data-pf="deal" type="button">Deal the round</button></li>
    <li><strong>The round</strong> <span data-pf="dealt-text"></span>
      <span class="pf-cards" data-pf="cards"></span></li>
    <li><button data-pf="reveal" type="button" disabled>Reveal the server seed</button>
      <div data-pf="revealed" hidden>Server seed: <code class="pf-hex" data-pf="seed"></code>
      <a data-pf="link" href="../verify/">Verify this round on the verify page →</a>
      <button data-pf="again" type="button">New server seed</button></div></li>
  </ol>
  <p class="pf-status" data-pf="status" role="status" aria-live="polite" aria-atomic="true"></p>`;

/** A random client seed for the input's default (the player may type any other). */
function randomClientSeed(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(6));
  return `player-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** The scheme version the demo deals by (named in its links, so they never depend on a default). */
const VERSION = 2;

/** The verify page's address for a round (its query format: web/verify/round-link.ts). */
export function verifyLink(c: Commitment, clientSeed: string, nonce: number, dealt: readonly string[], deck: Composition): string {
  const q = new URLSearchParams({ commitment: c.commitment, serverSeed: c.serverSeed, clientSeed, nonce: String(nonce),
    version: String(VERSION), dealt: dealt.join(','), style: deck.style, decks: String(deck.decks), jokers: String(deck.jokers) });
  return `../verify/?${q}`;
}

/** Builds the mode inside `root` (a <details>); `composition()` gives the table's current deck. */
export function mountProvable(root: HTMLDetailsElement, composition: () => Composition): void {
  root.innerHTML = MARKUP;
  const el = <T extends HTMLElement>(name: string) => root.querySelector<T>(`[data-pf="${name}"]`)!;
  const client = el<HTMLInputElement>('client'), count = el<HTMLInputElement>('count');
  const deal = el<HTMLButtonElement>('deal'), reveal = el<HTMLButtonElement>('reveal');
  const say = (text: string) => (el('status').textContent = text);
  client.value = randomClientSeed();
  let commit: Commitment;
  const nonce = 0;

  const fresh = () => {
    commit = commitRound();
    el('commitment').textContent = commit.commitment;
    el('nonce').textContent = String(nonce);
    el('cards').replaceChildren();
    el('dealt-text').textContent = '— not dealt yet.';
    el('revealed').hidden = true;
    deal.disabled = false;
    reveal.disabled = true;
    client.disabled = count.disabled = false;
  };

  deal.addEventListener('click', () => {
    const { style, decks, jokers } = composition();
    const deck: Composition = { style, decks, jokers };
    let codes: string[];
    try {
      const d = new Deck({ provable: { serverSeed: commit.serverSeed, clientSeed: client.value, nonce, version: VERSION }, ...deck });
      try {
        codes = d.deal(Math.min(Number(count.value), d.remaining)).map(String);
      } finally {
        d.dispose();
      }
    } catch (e) {
      say(`Could not deal: ${(e as Error).message}`);
      return;
    }
    const faces = codes.map((code) => {
      const img = document.createElement('img');
      img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(cardSvg(code, { width: 48, style: deck.style }))}`;
      img.width = 48;
      img.alt = cardLabel(code, { style: deck.style });
      img.dataset.code = code;
      return img;
    });
    el('cards').replaceChildren(...faces);
    el('dealt-text').textContent = `— dealt ${codes.join(', ')}.`;
    el<HTMLAnchorElement>('link').href = verifyLink(commit, client.value, nonce, codes, deck);
    deal.disabled = client.disabled = count.disabled = true;
    reveal.disabled = false;
    say(`Dealt ${codes.length} cards under commitment ${commit.commitment.slice(0, 12)}…. Reveal the seed to check them.`);
  });

  reveal.addEventListener('click', () => {
    el('seed').textContent = commit.serverSeed;
    el('revealed').hidden = false;
    reveal.disabled = true;
    say('Server seed revealed: follow the link to verify the round, or start a new server seed.');
    el('link').focus();
  });

  el('again').addEventListener('click', () => {
    fresh();
    say('New server seed committed: type a client seed and deal.');
    client.focus();
  });

  fresh();
}
