/**
 * The demo's "Provably fair" mode: the page plays the server (commitRound() from
 * fairdeck/provable), shows the commitment before the deal, takes the player's client seed, deals
 * a round with `new Deck({ provable })`, then reveals the server seed and links to the verify page,
 * pre-filled. One round per server seed: revealing a seed ends it, so the next round commits anew.
 * While the table plays a game, the round is one whole hand of it (every card in the order it left
 * the deck, burns included), and the link names the game and its seats for the verify page's replay.
 */
import { Deck, type Card } from 'fairdeck/games';
import type { GameChoice } from './games/page.js';
import { dealHoldemHand, GAME_TITLES } from './games/rules.js';
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
      <label data-pf="count-label">Cards to deal <input data-pf="count" type="number" min="1" value="5" inputmode="numeric" /></label>
      <p class="pf-line" data-pf="hand" hidden></p>
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

/**
 * The verify page's address for a round (its query format: web/verify/round-link.ts); a game's
 * hand adds `game` and `seats`, so the verify page can replay who got which card.
 */
export function verifyLink(c: Commitment, clientSeed: string, nonce: number, dealt: readonly string[], deck: Composition, game?: GameChoice): string {
  const q = new URLSearchParams({ commitment: c.commitment, serverSeed: c.serverSeed, clientSeed, nonce: String(nonce),
    version: String(VERSION), dealt: dealt.join(','), style: deck.style, decks: String(deck.decks), jokers: String(deck.jokers) });
  if (game) {
    q.set('game', game.game);
    q.set('seats', String(game.game === 'holdem' ? game.seats : 1));
  }
  return `../verify/?${q}`;
}

/** A game's composition: Hold'em's one deck, blackjack's six-deck shoe (no cut card: a provable round is one hand). */
export function gameComposition(game: GameChoice): Composition {
  return { style: 'french', decks: game.game === 'blackjack' ? 6 : 1, jokers: 0 };
}

/**
 * Deals one whole hand of `game` from `deck`: every card in the order it left the deck, and the
 * same cards in words by where they went. Blackjack's hand is its opening deal (player, dealer,
 * player, dealer's hole card): what follows depends on the player's choices.
 */
export function dealGameHand(deck: Deck, game: GameChoice): { cards: Card[]; words: string } {
  const names = (cs: readonly Card[]) => cs.map(String).join(' ');
  if (game.game === 'holdem') {
    const cards = dealHoldemHand(deck, game.seats);
    const seats = Array.from({ length: game.seats }, (_, i) => `Seat ${i + 1}: ${names(deck.hand(i))}`);
    return { cards, words: `${seats.join('; ')}; burned ${names(deck.pile('burn'))}; board ${names(deck.pile('board'))}` };
  }
  const cards = deck.dealPattern([{ pile: 'player', count: 1 }, { pile: 'dealer', count: 1 }, { pile: 'player', count: 1 }, { pile: 'dealer', count: 1 }]);
  return { cards, words: `player ${names(deck.pile('player'))}; dealer ${names(deck.pile('dealer'))}` };
}

/**
 * Builds the mode inside `root` (a <details>); `composition()` gives the table's current deck and
 * `game()` the game it plays (undefined on the free table). Returns a function the page calls
 * when the game changes.
 */
export function mountProvable(root: HTMLDetailsElement, composition: () => Composition, game: () => GameChoice | undefined = () => undefined): () => void {
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

  /** Shows, beside the seed, what a round deals now: some cards, or a whole hand of the game. */
  const showKind = () => {
    const g = game();
    el('count-label').hidden = !!g;
    el('hand').hidden = !g;
    if (g) el('hand').textContent = `The round is one whole ${GAME_TITLES[g.game]} hand${g.game === 'holdem' ? ` for ${g.seats} seats` : ' (the opening deal)'}.`;
  };
  root.addEventListener('toggle', showKind);

  deal.addEventListener('click', () => {
    const g = game();
    const { style, decks, jokers } = g ? gameComposition(g) : composition();
    const deck: Composition = { style, decks, jokers };
    let codes: string[];
    let words = '';
    try {
      const d = new Deck({ provable: { serverSeed: commit.serverSeed, clientSeed: client.value, nonce, version: VERSION }, ...deck });
      try {
        if (g) {
          const hand = dealGameHand(d, g);
          codes = hand.cards.map(String);
          words = hand.words;
        } else codes = d.deal(Math.min(Number(count.value), d.remaining)).map(String);
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
    el('dealt-text').textContent = g ? `— dealt ${codes.length} cards in this order: ${words}.` : `— dealt ${codes.join(', ')}.`;
    el<HTMLAnchorElement>('link').href = verifyLink(commit, client.value, nonce, codes, deck, g);
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
  showKind();
  return showKind;
}
