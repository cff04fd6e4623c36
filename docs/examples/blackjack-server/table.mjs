// The table of the example blackjack server (README.md beside this file): one seat against the
// dealer, a provable 6-deck shoe with a cut card, every shoe one committed round (fairdeck's
// docs/provably-fair.md, "Shoes"), each hand published as it ends with its record and the link of
// the shoe's hash chain, and the seed revealed when the cut card has come out and the hand in play
// is over. The table's whole state is saved after every action, and a table made again from the
// same directory continues exactly where the last save left it — after a crash or a `kill -9` too.
import { mkdirSync, openSync, writeSync, fsyncSync, closeSync, renameSync, readFileSync, readdirSync, existsSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { init, Deck } from 'fairdeck/games';
import { commitRound, handLink } from 'fairdeck/provable';

export const DECKS = 6;
export const PENETRATION = 0.75;  // the cut card: 234 of the shoe's 312 cards, about 40 hands

const points = (c) => Math.min(c.rankValue ?? 0, 10);  // A 1, J Q K 10
/** A hand's best total: an ace counts 11 unless that busts. */
export function total(cards) {
  const sum = cards.reduce((s, c) => s + points(c), 0);
  return cards.some((c) => c.rank === 'A') && sum + 10 <= 21 ? sum + 10 : sum;
}

/** Writes `text` to `file` so that a crash leaves either the old file or the new one, never half of one. */
function writeAtomically(file, text) {
  const tmp = `${file}.tmp`;
  const fd = openSync(tmp, 'w', 0o600);
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, file);
}

export class HttpError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

/**
 * The table. `await Table.open(dir)` makes it from the directory's saved state, or a new table if
 * there is none; every method that changes it saves it before it returns. The directory holds
 * `key` (32 random bytes: the MAC key of the saved deck), `table.json` (the state) and
 * `shoes/N.json` (each finished shoe as revealed: verifyShoe's input, seed included).
 */
export class Table {
  static async open(dir) {
    await init();
    mkdirSync(join(dir, 'shoes'), { recursive: true });
    const keyFile = join(dir, 'key');
    if (!existsSync(keyFile)) writeAtomically(keyFile, randomBytes(32).toString('hex'));
    const key = Uint8Array.from(Buffer.from(readFileSync(keyFile, 'utf8'), 'hex'));
    const file = join(dir, 'table.json');
    const t = new Table(dir, key);
    if (existsSync(file)) t.#load(JSON.parse(readFileSync(file, 'utf8')));
    else t.#nextShoe(1);
    return t;
  }

  #dir;
  #key;
  /** The shoe in play: its number, commitment and (until the first hand) its server seed. */
  #shoe;
  /** The provable deck of the shoe, once the player has given a client seed. */
  #deck = null;
  /** Finished hands of this shoe (their records) and the links published after each. */
  #hands = [];
  #links = [];
  /** The hand in play, or null: where it started, its seats' piles and which one is playing. */
  #hand = null;
  /** The last hand that ended (of this shoe or the one before): its link, piles and result. */
  #last = null;

  constructor(dir, key) {
    this.#dir = dir;
    this.#key = key;
  }

  #nextShoe(number) {
    const { serverSeed, commitment } = commitRound();
    this.#shoe = { number, commitment, serverSeed, clientSeed: null };
    this.#deck?.dispose();
    this.#deck = null;
    this.#hands = [];
    this.#links = [];
    this.#hand = null;
  }

  #load(s) {
    this.#shoe = s.shoe;
    this.#hands = s.hands;
    this.#links = s.links;
    this.#hand = s.hand;
    this.#last = s.last;
    // fromJSON checks the MAC first: a state edited on disk (or saved under another key) is refused.
    this.#deck = s.deck ? Deck.fromJSON(s.deck, { key: this.#key }) : null;
  }

  #save() {
    const state = {
      shoe: this.#shoe,  // before the first hand: the next shoe's server seed, committed to
      deck: this.#deck ? this.#deck.toJSON({ includeSecret: true, key: this.#key }) : null,
      hands: this.#hands,
      links: this.#links,
      hand: this.#hand,
      last: this.#last,
    };
    writeAtomically(join(this.#dir, 'table.json'), JSON.stringify(state));
  }

  /** What the player may see: the commitment, the links so far, and the hand with the dealer's hole card face down. */
  view() {
    const h = this.#hand, d = this.#deck;
    const cards = (pile) => d.pile(pile).map(String);
    let hand = null;
    if (h) {
      const dealer = cards('dealer');
      hand = {
        seats: h.seats.map((pile) => ({ pile, cards: cards(pile), total: total(d.pile(pile)) })),
        playing: h.playing,
        dealer: [dealer[0], ...dealer.slice(1).map(() => '??')],  // the hole card stays hidden until the hand ends
        canSplit: h.seats.length === 1 && h.drawn === 0 && d.pile('hand:0').length === 2 && d.pile('hand:0')[0].rank === d.pile('hand:0')[1].rank,
      };
    }
    return {
      shoe: this.#shoe.number,
      commitment: this.#shoe.commitment,
      clientSeed: this.#shoe.clientSeed,
      cutCardOut: d ? d.cutCardOut : false,
      handsPlayed: this.#hands.length,
      links: this.#links,
      hand,
      last: this.#last,  // its link too: a hand's link is published as the hand ends, the shoe's last one included
      revealed: this.revealed(),
    };
  }

  /** Numbers of the shoes revealed so far. */
  revealed() {
    return readdirSync(join(this.#dir, 'shoes')).filter((f) => /^\d+\.json$/.test(f)).map((f) => Number(f.slice(0, -5))).sort((a, b) => a - b);
  }

  /** A revealed shoe's file (verifyShoe's input), as text. */
  shoeText(number) {
    const file = join(this.#dir, 'shoes', `${number}.json`);
    if (!Number.isSafeInteger(number) || !existsSync(file)) throw new HttpError(404, `shoe ${number} has not been revealed`);
    return readFileSync(file, 'utf8');
  }

  /** Starts a hand: player, dealer, player, dealer's hole card. The shoe's first hand needs the player's client seed. */
  deal(clientSeed) {
    if (this.#hand) throw new HttpError(409, 'a hand is in play: hit, stand or split');
    if (!this.#deck) {
      if (typeof clientSeed !== 'string' || clientSeed.length === 0) {
        throw new HttpError(409, `shoe ${this.#shoe.number} starts with your client seed: send { "clientSeed": "…" }, chosen after you saw the commitment ${this.#shoe.commitment}`);
      }
      const { serverSeed } = this.#shoe;
      // Throws a RangeError naming clientSeed for a seed the scheme refuses; nothing has changed then.
      const deck = new Deck({ provable: { serverSeed, clientSeed, nonce: 0 }, decks: DECKS, penetration: PENETRATION, strategy: 'lazy' });
      this.#deck = deck;
      this.#shoe = { ...this.#shoe, clientSeed };
    } else if (clientSeed !== undefined && clientSeed !== this.#shoe.clientSeed) {
      throw new HttpError(409, `shoe ${this.#shoe.number} is in play with client seed ${JSON.stringify(this.#shoe.clientSeed)}; a new one is taken when the next shoe starts`);
    }
    const d = this.#deck, r = d.round();
    this.#hand = { offset: r.dealt.length, packets: r.deals.length, events: r.history.length, seats: ['hand:0'], playing: 0, drawn: 0 };
    d.dealPattern([
      { pile: 'hand:0', count: 1 }, { pile: 'dealer', count: 1 },
      { pile: 'hand:0', count: 1 }, { pile: 'dealer', count: 1 },
    ]);
    if (total(d.pile('hand:0')) === 21) return this.#finish();  // a natural: nothing to play
    this.#save();
    return this.view();
  }

  #playing() {
    if (!this.#hand) throw new HttpError(409, 'no hand is in play: deal one');
    return this.#hand.seats[this.#hand.playing];
  }

  hit() {
    const pile = this.#playing();
    this.#deck.dealTo(pile);
    this.#hand.drawn++;
    if (total(this.#deck.pile(pile)) >= 21) return this.#next();
    this.#save();
    return this.view();
  }

  stand() {
    this.#playing();
    return this.#next();
  }

  /** Splits a pair into two hands (once); each gets its second card when its turn comes. */
  split() {
    this.#playing();
    if (!this.view().hand.canSplit) throw new HttpError(409, 'only a first two cards of the same rank can be split, once');
    const [, second] = this.#deck.pile('hand:0');
    this.#deck.moveCards([second], 'hand:0.1', { from: 'hand:0' });
    this.#hand.seats.push('hand:0.1');
    this.#deck.dealTo('hand:0');
    this.#save();
    return this.view();
  }

  /** The next split hand's turn, or the dealer's. */
  #next() {
    const h = this.#hand;
    if (h.playing + 1 < h.seats.length) {
      h.playing++;
      this.#deck.dealTo(h.seats[h.playing]);  // the split hand's second card
      if (total(this.#deck.pile(h.seats[h.playing])) < 21) {
        this.#save();
        return this.view();
      }
      return this.#next();
    }
    return this.#finish();
  }

  /** The dealer draws to 17 (if any hand stands), the hand is published, and the shoe ends if the cut card is out. */
  #finish() {
    const d = this.#deck, h = this.#hand;
    if (h.seats.some((p) => total(d.pile(p)) <= 21)) {
      while (total(d.pile('dealer')) < 17) d.dealTo('dealer');
    }
    const dealer = total(d.pile('dealer'));
    const result = h.seats.map((p) => {
      const t = total(d.pile(p));
      return t > 21 ? 'bust' : dealer > 21 || t > dealer ? 'win' : t === dealer ? 'push' : 'lose';
    });
    // The hand's record: where it started in the shoe, its cards, its packets and its piles.
    const r = d.round(), piles = {};
    for (const p of [...h.seats, 'dealer']) piles[p] = d.pile(p).map(String);
    const record = { offset: h.offset, dealt: r.dealt.slice(h.offset), deals: r.deals.slice(h.packets), piles };
    this.#links.push(handLink(this.#links.at(-1) ?? this.#shoe.commitment, record));
    // The split's move is part of the hand (it changes which pile a card is in); moves to the
    // discard tray change no card's place in the shoe and are left out of the published history.
    this.#hands.push({ ...record, history: r.history.slice(h.events) });
    const { number: shoe, commitment } = this.#shoe;
    this.#last = { shoe, commitment, hand: this.#hands.length, link: this.#links.at(-1), piles, result };
    for (const p of [...h.seats, 'dealer']) d.moveCards(d.pile(p), 'discard', { from: p });
    this.#hand = null;
    if (d.cutCardOut) this.#reveal();
    this.#save();
    return this.view();
  }

  /** The shoe is over: its seed and every hand, exactly verifyShoe's input (so `npx fairdeck verify shoes/N.json` checks it); then the next shoe's commitment. */
  #reveal() {
    const { number, commitment, serverSeed, clientSeed } = this.#shoe;
    const r = this.#deck.round();
    const shoe = {
      commitment, serverSeed, clientSeed, nonce: r.nonce, version: r.version, deck: r.deck,
      hands: this.#hands.map(({ offset, dealt, deals, piles }) => ({ offset, dealt, deals, piles })),
      history: this.#hands.flatMap((hand) => hand.history),
      links: this.#links,
    };
    writeAtomically(join(this.#dir, 'shoes', `${number}.json`), JSON.stringify(shoe, null, 1));
    this.#nextShoe(number + 1);
  }
}
