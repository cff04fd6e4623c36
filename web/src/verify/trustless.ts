/**
 * verifyTranscript: a whole trustless hand (docs/trustless.md, protocol `fairdeck/trustless/v1`)
 * checked message by message — every seat's Schnorr key proof, every shuffle's Terelius–Wikström
 * proof, every decryption share's Chaum–Pedersen proof — and the opened cards recomputed. Written
 * on @noble/curves' ristretto255 and @noble/hashes' SHA-512, so that it shares no group, scalar or
 * hash code with the core's libsodium. fairdeck/verify's entry is index.ts.
 */
import { facesOf } from './cards.js';
import { show } from './input.js';
import { CARDS, PROTOCOL, cardOf, cards, commitmentBytes, generators, keyProofHolds, shareProofHolds, shuffleE, shuffleU, type Table } from './trustless-hash.js';
import { EncodingError, Group, bytesOf, mul, pointOf, scalarOf, type Point } from './trustless-group.js';
import { checkShuffleProof, type Ciphertext, type ShuffleProof } from './trustless-shuffle.js';
import { concatBytes } from '@noble/curves/utils.js';

/** A seat's key message (step 0): Y_i and the Schnorr proof (T, s) that it knows x_i. */
export interface TrustlessKeyMessage {
  kind: 'key';
  seat: number;
  step: number;
  key: string;
  proof: { t: string; s: string };
}

/** A ciphertext (A, B) = (r·G, M + r·Y), each point as 64 lowercase hex characters. */
export type TrustlessCiphertext = readonly [string, string];

/** A seat's shuffle message (step 1 + seat): its output deck and the Terelius–Wikström proof. */
export interface TrustlessShuffleMessage {
  kind: 'shuffle';
  seat: number;
  step: number;
  deck: readonly TrustlessCiphertext[];
  proof: {
    c: readonly string[];
    chat: readonly string[];
    t1: string;
    t2: string;
    t3: string;
    t4: readonly [string, string];
    that: readonly string[];
    s1: string;
    s2: string;
    s3: string;
    s4: string;
    shat: readonly string[];
    sprime: readonly string[];
  };
}

/** A seat's decryption share for the card at final-deck `position` (step 1 + seats + position), with its Chaum–Pedersen proof. */
export interface TrustlessShareMessage {
  kind: 'share';
  seat: number;
  step: number;
  position: number;
  share: string;
  proof: { t1: string; t2: string; s: string };
}

/**
 * One deal of the hand: the card at final-deck `position` to a seat (a private card: the shares
 * of the n − 1 other seats, or all n when the holder revealed it), to `'all'` (a public card: all
 * n shares) or `'burn'` (no shares).
 */
export interface TrustlessDeal {
  position: number;
  to: number | 'all' | 'burn';
  shares?: readonly TrustlessShareMessage[];
}

/** A hand's whole transcript (docs/trustless.md §9). Extra fields are ignored. */
export interface TrustlessTranscript {
  protocol: 'fairdeck/trustless/v1';
  /** The table id: 1–256 bytes of UTF-8, new for every hand. */
  table: string;
  seats: number;
  cards: number;
  keys: readonly TrustlessKeyMessage[];
  shuffles: readonly TrustlessShuffleMessage[];
  deals: readonly TrustlessDeal[];
}

/**
 * The checks of docs/trustless.md: 'encoding' (a field that is not what §2 and §9 say it holds,
 * a seat key that is the identity), 'schnorr' (a key's proof of knowledge, §4), 'key' (the table
 * key is the identity), the shuffle equations of §6.2, 'share' (a Chaum–Pedersen share proof, §7)
 * and 'card' (an opened point that is no card, or a card opened twice).
 */
export type TrustlessCheck = 'encoding' | 'schnorr' | 'key' | 'shuffle.t1' | 'shuffle.t2' | 'shuffle.t3' | 'shuffle.t4' | 'shuffle.that' | 'share' | 'card';

/**
 * The first failing check of a transcript: the seat whose message failed, the step of that message
 * and the check, with a sentence. `seat` is null for a 'card' failure, which no single seat's
 * message causes once every proof before it held.
 */
export interface TrustlessCheat {
  seat: number | null;
  step: number;
  check: TrustlessCheck;
  reason: string;
}

/** One deal as the verifier opened it: its card number (0–51) and code, or null when only its holder can open it. */
export interface TrustlessOpened {
  position: number;
  to: number | 'all' | 'burn';
  card: number | null;
  code: string | null;
}

/**
 * verifyTranscript's verdict. When `ok`, `hands[s]` holds seat s's private cards in deal order
 * (a code, or null for a card only its holder can open — unless its secret was given or it was
 * revealed), `board` the public cards in deal order and `deals` every deal. When not `ok` the
 * hand is void: `cheat` names the first failing check and the lists are empty.
 */
export interface TrustlessVerdict {
  ok: boolean;
  cheat?: TrustlessCheat;
  hands: (string | null)[][];
  board: string[];
  deals: TrustlessOpened[];
}

/**
 * Options of verifyTranscript. `secrets` maps a seat to its secret key x_i (64 lowercase hex,
 * little-endian, as §2 encodes scalars): that seat's private cards are then opened too — a seat's
 * own view of its hand. A secret that is not the seat's (x_i·G ≠ Y_i) is a RangeError.
 */
export interface TrustlessOptions {
  secrets?: Readonly<Record<number, string>>;
}

/** Most seats the verifier takes: the core's limit (docs/trustless.md §3). */
export const TRUSTLESS_MAX_SEATS = 10;

const CODES = /* @__PURE__ */ facesOf({ style: 'french', decks: 1, jokers: 0, size: CARDS }).codes;
const utf8 = /* @__PURE__ */ new TextEncoder();

/** A seat's message failed a check: caught per message and turned into the verdict's cheat. */
class Failure extends Error {
  constructor(readonly check: TrustlessCheck, reason: string) {
    super(reason);
  }
}

/** A point of a seat's message and its encoding (for hashing). */
interface Encoded {
  point: Point;
  bytes: Uint8Array;
}

/** A deck as the shuffle proof uses it and as the challenges hash it. */
interface Deck {
  cts: Ciphertext[];
  bytes: Uint8Array;
}

function record(v: unknown, name: string): Record<string, unknown> {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) throw new Failure('encoding', `${name} must be an object, got ${show(v)}`);
  return v as Record<string, unknown>;
}

function list(v: unknown, length: number, name: string): unknown[] {
  if (!Array.isArray(v) || v.length !== length) throw new Failure('encoding', `${name} must be an array of ${length}, got ${Array.isArray(v) ? `${v.length} entries` : show(v)}`);
  return v;
}

function same(v: unknown, want: unknown, name: string): void {
  if (v !== want) throw new Failure('encoding', `${name} must be ${show(want)}, got ${show(v)}`);
}

/** A point field; §2's 'encoding' check when it is not 64 lowercase hex of a canonical encoding. */
function point(v: unknown, name: string): Encoded {
  try {
    const bytes = bytesOf(v, 32, name);
    return { point: pointOf(v, name), bytes };
  } catch (e) {
    if (e instanceof EncodingError) throw new Failure('encoding', e.message);
    throw e;
  }
}

function scalar(v: unknown, name: string): bigint {
  try {
    return scalarOf(v, name);
  } catch (e) {
    if (e instanceof EncodingError) throw new Failure('encoding', e.message);
    throw e;
  }
}

function points(v: unknown, length: number, name: string): Encoded[] {
  return list(v, length, name).map((p, i) => point(p, `${name}[${i}]`));
}

function scalars(v: unknown, length: number, name: string): bigint[] {
  return list(v, length, name).map((s, i) => scalar(s, `${name}[${i}]`));
}

function deckOf(v: unknown, name: string): Deck {
  const cts = list(v, CARDS, name).map((ct, i) => {
    const [A, B] = points(ct, 2, `${name}[${i}]`);
    return { A, B };
  });
  return { cts: cts.map(({ A, B }) => ({ A: A.point, B: B.point })), bytes: concatBytes(...cts.flatMap(({ A, B }) => [A.bytes, B.bytes])) };
}

/** The hand's shape, checked; a transcript that is not one is a TypeError or RangeError (no seat to blame). */
function tableOf(t: unknown): { table: Table; n: number; o: Record<string, unknown> } {
  if (t === null || typeof t !== 'object' || Array.isArray(t)) throw new TypeError(`verifyTranscript takes a transcript object, got ${show(t)}`);
  const o = t as Record<string, unknown>;
  if (o.protocol !== PROTOCOL) throw new TypeError(`transcript.protocol must be '${PROTOCOL}', got ${show(o.protocol)}`);
  if (typeof o.table !== 'string') throw new TypeError(`transcript.table must be a string (the table id), got ${show(o.table)}`);
  const id = utf8.encode(o.table);
  if (id.length < 1 || id.length > 256) throw new RangeError(`transcript.table must be 1 to 256 bytes of UTF-8, got ${id.length}`);
  if (!Number.isInteger(o.seats) || (o.seats as number) < 2 || (o.seats as number) > TRUSTLESS_MAX_SEATS)
    throw new RangeError(`transcript.seats must be an integer from 2 to ${TRUSTLESS_MAX_SEATS}, got ${show(o.seats)}`);
  if (o.cards !== CARDS) throw new RangeError(`transcript.cards must be ${CARDS}, got ${show(o.cards)}`);
  const n = o.seats as number;
  for (const k of ['keys', 'shuffles'] as const)
    if (!Array.isArray(o[k]) || (o[k] as unknown[]).length !== n) throw new TypeError(`transcript.${k} must be an array of ${n} messages, one per seat in seat order, got ${show(o[k])}`);
  if (!Array.isArray(o.deals)) throw new TypeError(`transcript.deals must be an array, got ${show(o.deals)}`);
  return { table: { id, seats: n, cards: CARDS }, n, o };
}

interface Deal {
  position: number;
  to: number | 'all' | 'burn';
  /** The share messages by seat (undefined: a seat that does not share this card). */
  shares: (Record<string, unknown> | undefined)[];
}

/** The deals' positions, recipients and shares by seat, checked for completeness. */
function dealsOf(deals: unknown[], n: number): Deal[] {
  const positions = new Set<number>();
  return deals.map((d, i) => {
    const name = `transcript.deals[${i}]`;
    if (d === null || typeof d !== 'object' || Array.isArray(d)) throw new TypeError(`${name} must be an object, got ${show(d)}`);
    const o = d as Record<string, unknown>;
    if (!Number.isInteger(o.position) || (o.position as number) < 0 || (o.position as number) >= CARDS)
      throw new RangeError(`${name}.position must be an integer from 0 to ${CARDS - 1}, got ${show(o.position)}`);
    const position = o.position as number;
    if (positions.has(position)) throw new RangeError(`${name}.position ${position} is dealt twice`);
    positions.add(position);
    const to = o.to;
    if (!(to === 'all' || to === 'burn' || (Number.isInteger(to) && (to as number) >= 0 && (to as number) < n)))
      throw new TypeError(`${name}.to must be a seat (0 to ${n - 1}), 'all' or 'burn', got ${show(to)}`);
    const given = o.shares === undefined ? [] : o.shares;
    if (!Array.isArray(given)) throw new TypeError(`${name}.shares must be an array of share messages, got ${show(given)}`);
    const shares: (Record<string, unknown> | undefined)[] = new Array(n).fill(undefined);
    for (const [k, m] of given.entries()) {
      const seat = m !== null && typeof m === 'object' ? (m as Record<string, unknown>).seat : undefined;
      if (!Number.isInteger(seat) || (seat as number) < 0 || (seat as number) >= n)
        throw new TypeError(`${name}.shares[${k}].seat must be a seat from 0 to ${n - 1}, got ${show(seat)}`);
      if (shares[seat as number]) throw new RangeError(`${name}.shares has two shares of seat ${show(seat)}`);
      shares[seat as number] = m as Record<string, unknown>;
    }
    const count = given.length;
    const missing = shares.flatMap((m, s) => (m ? [] : [s]));
    if (to === 'burn' && count > 0) throw new RangeError(`${name} is a burned card, which is never opened, but has ${count} shares`);
    if (to === 'all' && missing.length > 0) throw new RangeError(`${name} is a public card and needs every seat's share; seat ${missing.join(', ')} has none`);
    if (typeof to === 'number' && missing.some((s) => s !== to))
      throw new RangeError(`${name} is seat ${to}'s card and needs the shares of the other seats; seat ${missing.filter((s) => s !== to).join(', ')} has none`);
    return { position, to: to as Deal['to'], shares };
  });
}

/**
 * Checks a trustless hand's whole transcript (docs/trustless.md): every seat's key proof, then
 * every shuffle proof in order (each seat's input is the deck before it, the first the public
 * initial deck), then every deal's decryption shares in the transcript's order, seat by seat,
 * and opens the public cards (and the private cards of the seats whose `secrets` are given, and
 * those their holder revealed). The verdict names the first message that fails: its seat, step
 * and check.
 *
 * Synchronous and CPU-bound: a 52-card shuffle proof takes a few hundred milliseconds, so run
 * it in a worker at a table.
 */
export function verifyTranscript(transcript: TrustlessTranscript, options: TrustlessOptions = {}): TrustlessVerdict {
  const { table, n, o } = tableOf(transcript);
  const deals = dealsOf(o.deals as unknown[], n);
  const secrets = secretsOf(options, n);
  const fail = (seat: number | null, step: number, check: TrustlessCheck, reason: string): TrustlessVerdict =>
    ({ ok: false, cheat: { seat, step, check, reason }, hands: [], board: [], deals: [] });
  const attempt = (seat: number, step: number, run: () => void): TrustlessVerdict | undefined => {
    try {
      run();
      return undefined;
    } catch (e) {
      if (e instanceof Failure) return fail(seat, step, e.check, `seat ${seat}, step ${step}: ${e.message}`);
      throw e;
    }
  };

  // §4: the keys, then the table key.
  const keys: Encoded[] = [];
  for (let i = 0; i < n; i++) {
    const bad = attempt(i, 0, () => keys.push(keyOf((o.keys as unknown[])[i], table, i)));
    if (bad) return bad;
  }
  const Y = keys.reduce((acc, k) => acc.add(k.point), Group.ZERO);
  // No seat's proof failed, so no one seat is to blame: seat 0 is named, as the C++ core names it.
  if (Y.is0()) return fail(0, 0, 'key', 'step 0: the table key (the sum of the seat keys) is the identity');
  secrets.forEach((x, seat) => {
    if (x !== undefined && !Group.BASE.multiplyUnsafe(x).equals(keys[seat].point))
      throw new RangeError(`options.secrets[${seat}] is not seat ${seat}'s secret key: x·G is not its published key`);
  });
  const keyBytes = concatBytes(...keys.map((k) => k.bytes)), YBytes = Y.toBytes();

  // §5–§6: the initial deck, then each seat's shuffle of the deck before it.
  const initial = cards().map((M) => ({ A: Group.ZERO, B: M }));
  let deck: Deck = { cts: initial, bytes: concatBytes(...initial.flatMap((ct) => [ct.A.toBytes(), ct.B.toBytes()])) };
  for (let i = 0; i < n; i++) {
    const step = 1 + i, input = deck;
    const bad = attempt(i, step, () => {
      deck = shuffleOf((o.shuffles as unknown[])[i], { table, seat: i, step, keys: keyBytes, Y: YBytes }, Y, input);
    });
    if (bad) return bad;
  }

  // §7: the deals, each share checked before the card is opened.
  const opened: TrustlessOpened[] = [], seen = new Map<number, number>();
  for (const d of deals) {
    const step = 1 + n + d.position, { A, B } = deck.cts[d.position];
    const ct = { A, ABytes: deck.bytes.subarray(64 * d.position, 64 * d.position + 32), BBytes: deck.bytes.subarray(64 * d.position + 32, 64 * d.position + 64) };
    const D: (Point | undefined)[] = new Array(n).fill(undefined);
    for (let s = 0; s < n; s++) {
      const m = d.shares[s];
      if (!m) continue;
      const bad = attempt(s, step, () => (D[s] = shareOf(m, table, s, step, d.position, keys, keyBytes, ct)));
      if (bad) return bad;
    }
    if (typeof d.to === 'number' && !D[d.to] && secrets[d.to] !== undefined) D[d.to] = mul(A, secrets[d.to]!);
    let card: number | null = null;
    if (d.to !== 'burn' && D.every((x) => x)) {
      const M = D.reduce<Point>((acc, x) => acc.subtract(x!), B);
      const c = cardOf(M);
      if (c === undefined) return fail(null, step, 'card', `step ${step}: the point opened at position ${d.position} is no card`);
      if (seen.has(c)) return fail(null, step, 'card', `step ${step}: position ${d.position} opens ${CODES[c]}, already opened at position ${seen.get(c)}`);
      seen.set(c, d.position);
      card = c;
    }
    opened.push({ position: d.position, to: d.to, card, code: card === null ? null : CODES[card] });
  }
  const hands: (string | null)[][] = Array.from({ length: n }, () => []);
  const board: string[] = [];
  for (const d of opened) {
    if (typeof d.to === 'number') hands[d.to].push(d.code);
    else if (d.to === 'all') board.push(d.code!);
  }
  return { ok: true, hands, board, deals: opened };
}

function secretsOf(options: TrustlessOptions, n: number): (bigint | undefined)[] {
  if (options === null || typeof options !== 'object') throw new TypeError(`verifyTranscript's options must be an object, got ${show(options)}`);
  const out: (bigint | undefined)[] = new Array(n).fill(undefined);
  if (options.secrets === undefined) return out;
  if (options.secrets === null || typeof options.secrets !== 'object') throw new TypeError(`options.secrets must map seats to secret keys, got ${show(options.secrets)}`);
  for (const [k, v] of Object.entries(options.secrets)) {
    const seat = Number(k);
    if (!Number.isInteger(seat) || seat < 0 || seat >= n || String(seat) !== k) throw new RangeError(`options.secrets: ${show(k)} is not a seat of this table (0 to ${n - 1})`);
    try {
      out[seat] = scalarOf(v, `options.secrets[${seat}]`);
    } catch (e) {
      throw e instanceof EncodingError ? new TypeError(e.message) : e;
    }
  }
  return out;
}

/** Seat i's key message: its encodings, then the Schnorr proof (§4). */
function keyOf(v: unknown, table: Table, seat: number): Encoded {
  const m = record(v, 'the key message');
  same(m.kind, 'key', 'kind');
  same(m.seat, seat, 'seat');
  same(m.step, 0, 'step');
  const Y = point(m.key, 'key');
  if (Y.point.is0()) throw new Failure('encoding', 'key is the identity');
  const proof = record(m.proof, 'proof');
  const T = point(proof.t, 'proof.t'), s = scalar(proof.s, 'proof.s');
  if (!keyProofHolds(table, seat, Y.point, Y.bytes, T.point, T.bytes, s)) throw new Failure('schnorr', 'the Schnorr proof of the key does not hold (s·G ≠ T + e·Y_i)');
  return Y;
}

/** A shuffle message: its deck and proof decoded, the challenges hashed, then CheckShuffleProof (§6.2). */
function shuffleOf(v: unknown, at: { table: Table; seat: number; step: number; keys: Uint8Array; Y: Uint8Array }, Y: Point, input: Deck): Deck {
  const m = record(v, 'the shuffle message');
  same(m.kind, 'shuffle', 'kind');
  same(m.seat, at.seat, 'seat');
  same(m.step, at.step, 'step');
  const output = deckOf(m.deck, 'deck');
  const p = record(m.proof, 'proof');
  const c = points(p.c, CARDS, 'proof.c'), chat = points(p.chat, CARDS, 'proof.chat'), that = points(p.that, CARDS, 'proof.that');
  const [t4A, t4B] = points(p.t4, 2, 'proof.t4');
  const t1 = point(p.t1, 'proof.t1'), t2 = point(p.t2, 'proof.t2'), t3 = point(p.t3, 'proof.t3');
  const proof: ShuffleProof = {
    c: c.map((x) => x.point), chat: chat.map((x) => x.point),
    t: { t1: t1.point, t2: t2.point, t3: t3.point, t4A: t4A.point, t4B: t4B.point, that: that.map((x) => x.point) },
    s1: scalar(p.s1, 'proof.s1'), s2: scalar(p.s2, 'proof.s2'), s3: scalar(p.s3, 'proof.s3'), s4: scalar(p.s4, 'proof.s4'),
    shat: scalars(p.shat, CARDS, 'proof.shat'), sprime: scalars(p.sprime, CARDS, 'proof.sprime'),
  };
  const hashed = { ...at, deckIn: input.bytes, deckOut: output.bytes, c: concatBytes(...c.map((x) => x.bytes)) };
  const u = shuffleU(hashed);
  const e = shuffleE(hashed, concatBytes(...chat.map((x) => x.bytes)), {
    t1: t1.bytes, t2: t2.bytes, t3: t3.bytes, t4A: t4A.bytes, t4B: t4B.bytes, that: concatBytes(...that.map((x) => x.bytes)),
  });
  const [h0, ...h] = generators();
  const failed = checkShuffleProof({ h0, h, Y, deckIn: input.cts, deckOut: output.cts }, proof, u, e);
  if (failed) throw new Failure(failed, `the shuffle proof fails ${failed} (§6.2)`);
  return output;
}

/** A share message for the card at `position`: its encodings, then the Chaum–Pedersen proof (§7). */
function shareOf(v: Record<string, unknown>, table: Table, seat: number, step: number, position: number, keys: Encoded[], keyBytes: Uint8Array,
  ct: { A: Point; ABytes: Uint8Array; BBytes: Uint8Array }): Point {
  same(v.kind, 'share', 'kind');
  same(v.step, step, 'step');
  same(v.position, position, 'position');
  const D = point(v.share, 'share');
  const p = record(v.proof, 'proof');
  const T1 = point(p.t1, 'proof.t1'), T2 = point(p.t2, 'proof.t2'), s = scalar(p.s, 'proof.s');
  if (!shareProofHolds({ table, seat, step, keys: keyBytes, Yi: keys[seat].point, YiBytes: keys[seat].bytes, A: ct.A, ABytes: ct.ABytes, BBytes: ct.BBytes,
    D: D.point, DBytes: D.bytes, T1: T1.point, T1Bytes: T1.bytes, T2: T2.point, T2Bytes: T2.bytes, s }))
    throw new Failure('share', `the Chaum–Pedersen proof of the share for position ${position} does not hold`);
  return D.point;
}
