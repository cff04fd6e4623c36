/**
 * One seat of the no-dealer table, in a worker of its own: it holds its secret, talks to the
 * other seats only through the table's BroadcastChannel (fairdeck/trustless's JSON messages), and
 * checks every message before it takes it — an Error from the Seat is a caught cheat, and the hand
 * is void. It reports to the page only what its own player would see: its hole cards, the board,
 * and the checks it made. With a `cheat`, it tampers with its own outgoing messages as a
 * dishonest player's client would; the other seats' checks are what catch it.
 */
import { init, Seat } from 'fairdeck/trustless';
import { streetPositions, type Command, type Report, type Street, type WireMessage } from './protocol.js';

const post = (r: Report) => postMessage(r);
const now = () => performance.now();

let seat: Seat;
let channel: BroadcastChannel;
let cheat: Extract<Command, { type: 'start' }>['cheat'] = null;
let over = false;
const pending: WireMessage[] = [];
/** Shares received per street (expectedFor says how many a street needs), and per street and sender for the log. */
const received = new Map<Street, number>();
const sharesBy = new Map<string, { count: number; ms: number }>();
const streets: Street[] = [];
let shuffled = false;
let deck = false;

function send(m: WireMessage): void {
  channel.postMessage(m);
}

/** The final-deck positions a street opens. */
const positionsOf = (street: Street) => streetPositions(seat.plan, street);
function streetOf(position: number): Street {
  const e = seat.plan.find((p) => p.position === position);
  if (e?.to === 'seat') return 'hole';
  const i = seat.board().indexOf(position);
  return i < 3 ? 'flop' : i === 3 ? 'turn' : 'river';
}
/** Shares this seat must receive for a street: each position's from every seat but this one and the card's holder. */
function expectedFor(street: Street): number {
  return positionsOf(street).reduce((sum, p) => {
    const e = seat.plan.find((x) => x.position === p)!;
    const senders = e.to === 'seat' ? seat.seats - 1 - (e.seat === seat.seat ? 0 : 1) : seat.seats - 1;
    return sum + senders;
  }, 0);
}

function reportCards(): void {
  post({ type: 'cards', seat: seat.seat, hole: seat.holeCards().map((p) => seat.card(p)), board: seat.board().map((p) => seat.card(p)) });
}

/** Void: a message failed its check. Nothing more is sent or taken. */
function caught(from: number, e: unknown): void {
  over = true;
  post({ type: 'caught', seat: seat.seat, from, message: e instanceof Error ? e.message : String(e) });
}

/** Takes one message if the schedule allows it now; false to keep it for later. */
function take(m: WireMessage): boolean {
  const t0 = now();
  if (m.kind === 'key') {
    seat.receiveKey(m);
    post({ type: 'checked', seat: seat.seat, from: m.seat, what: 'key (Schnorr proof of its secret)', ms: now() - t0 });
    return true;
  }
  if (m.kind === 'shuffle') {
    if (!seat.keysDone || seat.nextShuffler !== m.seat) return false;
    seat.receiveShuffle(m);
    post({ type: 'checked', seat: seat.seat, from: m.seat, what: 'shuffle (Terelius–Wikström proof: a re-encrypted permutation)', ms: now() - t0 });
    return true;
  }
  if (seat.nextShuffler !== seat.seats) return false;
  seat.receiveShare(m);
  const street = streetOf(m.position);
  received.set(street, (received.get(street) ?? 0) + 1);
  const key = `${street}/${m.seat}`;
  const tally = sharesBy.get(key) ?? { count: 0, ms: 0 };
  tally.count += 1, tally.ms += now() - t0;
  sharesBy.set(key, tally);
  return true;
}

/** Takes every pending message the schedule allows, shuffles when it is this seat's turn, and reports what changed. */
function progress(): void {
  for (let moved = true; moved && !over;) {
    moved = false;
    for (let i = 0; i < pending.length && !over; i++) {
      const m = pending[i];
      try {
        if (!take(m)) continue;
      } catch (e) {
        return caught(m.seat, e);
      }
      pending.splice(i--, 1);
      moved = true;
    }
    if (!over && !shuffled && seat.keysDone && seat.nextShuffler === seat.seat) {
      shuffled = true;
      moved = true;
      if (cheat === 'stall') {
        post({ type: 'cheated', seat: seat.seat, what: 'stalls: never sends its shuffle' });
        continue;
      }
      const t0 = now();
      const m = seat.shuffle();
      if (cheat === 'substitute') {
        const mine = seat.holeCards()[0];
        const other = (mine + 1) % m.deck.length;
        m.deck = m.deck.map((ct, i) => (i === mine ? m.deck[other] : ct));
        post({ type: 'cheated', seat: seat.seat, what: `substitutes a card: its output deck repeats position ${other}'s ciphertext at position ${mine}` });
      }
      send(m);
      post({ type: 'sent', seat: seat.seat, what: 'its shuffle and proof', ms: now() - t0 });
    }
  }
  if (over) return;
  if (!deck && seat.nextShuffler === seat.seats) {
    deck = true;
    post({ type: 'deck', seat: seat.seat });
  }
  for (const street of [...streets]) {
    const done = received.get(street) === expectedFor(street);
    if (!done) continue;
    for (const [key, t] of sharesBy) {
      const [s, from] = key.split('/');
      if (s !== street) continue;
      post({ type: 'checked', seat: seat.seat, from: Number(from), what: `${t.count} share${t.count === 1 ? '' : 's'} for the ${street === 'hole' ? 'hole cards' : street} (Chaum–Pedersen proofs)`, ms: t.ms });
      sharesBy.delete(key);
    }
    streets.splice(streets.indexOf(street), 1);
    reportCards();
    post({ type: 'street-done', seat: seat.seat, street });
  }
}

/** Opens a street: this seat's share of every card in it that is not its own. */
function openStreet(street: Street): void {
  if (over) return;
  streets.push(street);
  const t0 = now();
  let sent = 0;
  for (const p of positionsOf(street)) {
    const e = seat.plan.find((x) => x.position === p)!;
    if (e.to === 'seat' && e.seat === seat.seat) continue;
    const m = seat.share(p);
    if (cheat === 'bad-share' && street === 'flop' && sent === 0) {
      // The share of another card in this one's place: its proof was made for the other card.
      m.share = seat.share(positionsOf('river')[0]).share;
      post({ type: 'cheated', seat: seat.seat, what: `sends a bad share for position ${p} (the river card's share in its place)` });
    }
    send(m);
    sent++;
  }
  post({ type: 'sent', seat: seat.seat, what: `${sent} share${sent === 1 ? '' : 's'} for the ${street === 'hole' ? 'hole cards' : street}`, ms: now() - t0 });
  progress();
}

self.onmessage = async (event: MessageEvent<Command>) => {
  const c = event.data;
  if (c.type === 'street') return openStreet(c.street);
  if (c.type === 'keys') {
    send(seat.keyMessage());
    return progress();
  }
  const t0 = now();
  try {
    await init();
    seat = new Seat({ table: c.table, seats: c.seats, seat: c.seat });
  } catch (e) {
    return post({ type: 'failed', seat: c.seat, message: e instanceof Error ? e.message : String(e) });
  }
  cheat = c.cheat;
  channel = new BroadcastChannel(c.channel);
  channel.onmessage = (m: MessageEvent<WireMessage>) => {
    if (over) return;
    pending.push(m.data);
    progress();
  };
  post({ type: 'ready', seat: seat.seat, ms: now() - t0, plan: seat.plan });
  reportCards();
};
