/**
 * verifyTranscript: a whole trustless hand (docs/trustless.md, protocol `fairdeck/trustless/v1`)
 * checked in the order §9 "Checking a transcript" gives — the schedule, every seat's Schnorr key
 * proof, every shuffle's Terelius–Wikström proof, every decryption share's Chaum–Pedersen proof —
 * and the opened cards recomputed. Written on @noble/curves' ristretto255 and @noble/hashes'
 * SHA-512, so that it shares no group, scalar or hash code with the core's libsodium.
 * fairdeck/verify's entry is index.ts.
 */
import { concatBytes } from '@noble/curves/utils.js';
import { facesOf } from './cards.js';
import { show } from './input.js';
import { CARDS, PROTOCOL, cardOf, cards, generators, keyProofHolds, shareProofHolds, shuffleE, shuffleU, type Table } from './trustless-hash.js';
import { EncodingError, Group, bytesOf, mul, pointOf, scalarOf, type Point } from './trustless-group.js';
import { checkShuffleProof, type Ciphertext, type ShuffleProof } from './trustless-shuffle.js';

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
 * of the n − 1 other seats, in seat order), to `'all'` (a public card: all n shares, in seat
 * order) or `'burn'` (no shares).
 */
export interface TrustlessDeal {
  position: number;
  to: number | 'all' | 'burn';
  shares?: readonly TrustlessShareMessage[];
}

/** A hand's whole transcript (docs/trustless.md §9). Fields it does not define are ignored. */
export interface TrustlessTranscript {
  protocol: 'fairdeck/trustless/v1';
  /** The table id: 1–256 bytes of UTF-8, new for every hand. */
  table: string;
  /** n, from 2 to {@link TRUSTLESS_MAX_SEATS}. */
  seats: number;
  /** N: 52 (2 to 51 only in tests: cards 0 … N − 1). */
  cards: number;
  keys: readonly TrustlessKeyMessage[];
  shuffles: readonly TrustlessShuffleMessage[];
  deals: readonly TrustlessDeal[];
}

/**
 * The checks of docs/trustless.md §9, as a verdict names them: 'schedule…' (a message that is not
 * where the schedule puts it, or a deal that is not one), 'encoding' (hex that is no valid point
 * or canonical scalar, a list of the wrong length), 'key' (a seat key, or the table key, that is
 * the identity), 'schnorr' (a key's proof of knowledge, §4), the shuffle equations of §6.2,
 * 'share' (a Chaum–Pedersen share proof, §7) and 'card' (an opened point that is no card, or a
 * card opened twice).
 */
export type TrustlessCheck =
  | 'schedule' | 'schedule: key count' | 'schedule: shuffle count' | 'schedule: position' | 'schedule: holder' | 'schedule: share count'
  | 'encoding' | 'key' | 'schnorr'
  | 'shuffle.t1' | 'shuffle.t2' | 'shuffle.t3' | 'shuffle.t4' | 'shuffle.that'
  | 'share' | 'card';

/**
 * The first failing check of a transcript: the seat whose message failed, the step of that message
 * and the check, with a sentence. Where no one seat's message is at fault (a count, a deal's
 * position, holder or share count, the table key, a card) the seat is 0, as docs/trustless.md §9
 * reports it.
 */
export interface TrustlessCheat {
  seat: number;
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
 * (a code, or null for a card only its holder can open, unless its secret was given), `board`
 * the public cards in deal order and `deals` every deal. When not `ok` the hand is void: `cheat`
 * names the first failing check and the lists are empty.
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

/** Most seats a transcript may have: the core's limit (docs/trustless.md §9). */
export const TRUSTLESS_MAX_SEATS = 10;

const CODES = /* @__PURE__ */ facesOf({ style: 'french', decks: 1, jokers: 0, size: CARDS }).codes;
const utf8 = /* @__PURE__ */ new TextEncoder();
const HEX64 = /^[0-9a-f]{64}$/;

// ---- Reading: the transcript's JSON shape. A transcript that is not one is a TypeError or a
// RangeError naming the field (docs/trustless.md §2: a malformed message), before any check.

type Obj = Record<string, unknown>;

function obj(v: unknown, name: string): Obj {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) throw new TypeError(`${name} must be an object, got ${show(v)}`);
  return v as Obj;
}

function arr(v: unknown, name: string): unknown[] {
  if (!Array.isArray(v)) throw new TypeError(`${name} must be an array, got ${show(v)}`);
  return v;
}

function u32(v: unknown, name: string): number {
  if (!Number.isInteger(v) || (v as number) < 0 || (v as number) > 0xffffffff) throw new TypeError(`${name} must be an integer from 0 to 2^32 - 1, got ${show(v)}`);
  return v as number;
}

function hex32(v: unknown, name: string): string {
  if (typeof v !== 'string' || !HEX64.test(v)) throw new TypeError(`${name} must be 64 lowercase hex characters, got ${show(v)}`);
  return v;
}

const hexes = (v: unknown, name: string) => arr(v, name).map((x, i) => hex32(x, `${name}[${i}]`));

function kind(m: Obj, want: string, name: string): void {
  if (m.kind !== want) throw new TypeError(`${name}.kind must be '${want}', got ${show(m.kind)}`);
}

interface KeyIn { seat: number; step: number; key: string; t: string; s: string }
interface ShuffleIn {
  seat: number; step: number; deck: [string, string][];
  c: string[]; chat: string[]; t1: string; t2: string; t3: string; t4: [string, string]; that: string[];
  s1: string; s2: string; s3: string; s4: string; shat: string[]; sprime: string[];
}
interface ShareIn { seat: number; step: number; position: number; share: string; t1: string; t2: string; s: string }
interface DealIn { position: number; to: number | 'all' | 'burn'; shares: ShareIn[] }

function keyIn(v: unknown, name: string): KeyIn {
  const m = obj(v, name);
  kind(m, 'key', name);
  const proof = obj(m.proof, `${name}.proof`);
  return { seat: u32(m.seat, `${name}.seat`), step: u32(m.step, `${name}.step`), key: hex32(m.key, `${name}.key`),
    t: hex32(proof.t, `${name}.proof.t`), s: hex32(proof.s, `${name}.proof.s`) };
}

function pair(v: unknown, name: string): [string, string] {
  const a = arr(v, name);
  if (a.length !== 2) throw new TypeError(`${name} must be a pair [A, B], got ${a.length} entries`);
  return [hex32(a[0], `${name}[0]`), hex32(a[1], `${name}[1]`)];
}

function shuffleIn(v: unknown, name: string): ShuffleIn {
  const m = obj(v, name);
  kind(m, 'shuffle', name);
  const p = obj(m.proof, `${name}.proof`), q = `${name}.proof`;
  return {
    seat: u32(m.seat, `${name}.seat`), step: u32(m.step, `${name}.step`),
    deck: arr(m.deck, `${name}.deck`).map((ct, i) => pair(ct, `${name}.deck[${i}]`)),
    c: hexes(p.c, `${q}.c`), chat: hexes(p.chat, `${q}.chat`),
    t1: hex32(p.t1, `${q}.t1`), t2: hex32(p.t2, `${q}.t2`), t3: hex32(p.t3, `${q}.t3`), t4: pair(p.t4, `${q}.t4`), that: hexes(p.that, `${q}.that`),
    s1: hex32(p.s1, `${q}.s1`), s2: hex32(p.s2, `${q}.s2`), s3: hex32(p.s3, `${q}.s3`), s4: hex32(p.s4, `${q}.s4`),
    shat: hexes(p.shat, `${q}.shat`), sprime: hexes(p.sprime, `${q}.sprime`),
  };
}

function shareIn(v: unknown, name: string): ShareIn {
  const m = obj(v, name);
  kind(m, 'share', name);
  const p = obj(m.proof, `${name}.proof`);
  return { seat: u32(m.seat, `${name}.seat`), step: u32(m.step, `${name}.step`), position: u32(m.position, `${name}.position`),
    share: hex32(m.share, `${name}.share`), t1: hex32(p.t1, `${name}.proof.t1`), t2: hex32(p.t2, `${name}.proof.t2`), s: hex32(p.s, `${name}.proof.s`) };
}

function dealIn(v: unknown, name: string): DealIn {
  const d = obj(v, name);
  const to = d.to === 'all' || d.to === 'burn' ? d.to : Number.isInteger(d.to) ? u32(d.to, `${name}.to`) : undefined;
  if (to === undefined) throw new TypeError(`${name}.to must be a seat number, 'all' or 'burn', got ${show(d.to)}`);
  const shares = d.shares === undefined ? [] : arr(d.shares, `${name}.shares`).map((m, i) => shareIn(m, `${name}.shares[${i}]`));
  return { position: u32(d.position, `${name}.position`), to, shares };
}

interface TranscriptIn { table: Table; keys: KeyIn[]; shuffles: ShuffleIn[]; deals: DealIn[] }

function transcriptIn(t: unknown): TranscriptIn {
  if (t === null || typeof t !== 'object' || Array.isArray(t)) throw new TypeError(`verifyTranscript takes a transcript object, got ${show(t)}`);
  const o = t as Obj;
  if (o.protocol !== PROTOCOL) throw new TypeError(`transcript.protocol must be '${PROTOCOL}', got ${show(o.protocol)}`);
  if (typeof o.table !== 'string') throw new TypeError(`transcript.table must be a string (the table id), got ${show(o.table)}`);
  const id = utf8.encode(o.table);
  if (id.length < 1 || id.length > 256) throw new RangeError(`transcript.table must be 1 to 256 bytes of UTF-8, got ${id.length}`);
  if (!Number.isInteger(o.seats) || (o.seats as number) < 2 || (o.seats as number) > TRUSTLESS_MAX_SEATS)
    throw new RangeError(`transcript.seats must be an integer from 2 to ${TRUSTLESS_MAX_SEATS}, got ${show(o.seats)}`);
  if (!Number.isInteger(o.cards) || (o.cards as number) < 2 || (o.cards as number) > CARDS)
    throw new RangeError(`transcript.cards must be an integer from 2 to ${CARDS} (${CARDS} but in tests), got ${show(o.cards)}`);
  return {
    table: { id, seats: o.seats as number, cards: o.cards as number },
    keys: arr(o.keys, 'transcript.keys').map((m, i) => keyIn(m, `transcript.keys[${i}]`)),
    shuffles: arr(o.shuffles, 'transcript.shuffles').map((m, i) => shuffleIn(m, `transcript.shuffles[${i}]`)),
    deals: arr(o.deals, 'transcript.deals').map((d, i) => dealIn(d, `transcript.deals[${i}]`)),
  };
}

// ---- Checking, in §9's order: the first failure is the verdict.

/** A check failed: caught by verifyTranscript and turned into the verdict's cheat. */
class Failure extends Error {
  constructor(readonly seat: number, readonly step: number, readonly check: TrustlessCheck, reason: string) {
    super(reason);
  }
}

/** A point and its encoding (for hashing). */
interface Encoded {
  point: Point;
  bytes: Uint8Array;
}

/** A deck as the shuffle proof uses it and as the challenges hash it. */
interface Deck {
  cts: Ciphertext[];
  bytes: Uint8Array;
}

/** Decodes the hex of one message (`seat`, `step`): a point or scalar that is not valid is 'encoding'. */
function decoder(seat: number, step: number) {
  const wrap = <T>(f: () => T): T => {
    try {
      return f();
    } catch (e) {
      if (e instanceof EncodingError) throw new Failure(seat, step, 'encoding', e.message);
      throw e;
    }
  };
  return {
    point: (hex: string, name: string): Encoded => wrap(() => ({ point: pointOf(hex, name), bytes: bytesOf(hex, 32, name) })),
    scalar: (hex: string, name: string): bigint => wrap(() => scalarOf(hex, name)),
    /** A list that must hold `length` entries (§2: 'encoding' when it does not). */
    length: (list: readonly unknown[], length: number, name: string) => {
      if (list.length !== length) throw new Failure(seat, step, 'encoding', `${name} must hold ${length} entries, got ${list.length}`);
    },
  };
}

/**
 * Checks a trustless hand's whole transcript (docs/trustless.md), in the order and with the names
 * of its §9 "Checking a transcript": the key messages and their Schnorr proofs, the table key,
 * every shuffle proof in turn (each seat's input is the deck before it, the first the public
 * initial deck), then each deal's shares, seat by seat, and opens the public cards (and the
 * private cards of the seats whose `secrets` are given). The verdict names the first failure:
 * its seat, step and check. A transcript that is not one (not an object, a missing field or a
 * field of the wrong type, hex that is not 64 lowercase digits, a table out of range) is a
 * TypeError or RangeError naming the field, thrown before any check.
 *
 * Synchronous and CPU-bound: a 52-card shuffle proof takes about a quarter of a second in Node,
 * so run it in a worker at a table.
 */
export function verifyTranscript(transcript: TrustlessTranscript, options: TrustlessOptions = {}): TrustlessVerdict {
  const tr = transcriptIn(transcript);
  const secrets = secretsOf(options, tr.table.seats);
  try {
    return check(tr, secrets);
  } catch (e) {
    if (!(e instanceof Failure)) throw e;
    return { ok: false, cheat: { seat: e.seat, step: e.step, check: e.check, reason: `seat ${e.seat}, step ${e.step}: ${e.message}` }, hands: [], board: [], deals: [] };
  }
}

function check(tr: TranscriptIn, secrets: (bigint | undefined)[]): TrustlessVerdict {
  const { table } = tr, n = table.seats, N = table.cards;

  // 2. The keys, then the table key.
  if (tr.keys.length !== n) throw new Failure(0, 0, 'schedule: key count', `the transcript has ${tr.keys.length} key messages for ${n} seats`);
  const keys = tr.keys.map((m, i) => keyOf(m, table, i));
  const Y = keys.reduce((acc, k) => acc.add(k.point), Group.ZERO);
  if (Y.is0()) throw new Failure(0, 0, 'key', 'the table key (the sum of the seat keys) is the identity');
  secrets.forEach((x, seat) => {
    if (x !== undefined && !Group.BASE.multiplyUnsafe(x).equals(keys[seat].point))
      throw new RangeError(`options.secrets[${seat}] is not seat ${seat}'s secret key: x·G is not its published key`);
  });
  const keyBytes = concatBytes(...keys.map((k) => k.bytes)), YBytes = Y.toBytes();

  // 3. The initial deck, then each seat's shuffle of the deck before it.
  if (tr.shuffles.length !== n) throw new Failure(0, 0, 'schedule: shuffle count', `the transcript has ${tr.shuffles.length} shuffle messages for ${n} seats`);
  const initial = cards().slice(0, N).map((M) => ({ A: Group.ZERO, B: M }));
  let deck: Deck = { cts: initial, bytes: concatBytes(...initial.flatMap((ct) => [ct.A.toBytes(), ct.B.toBytes()])) };
  tr.shuffles.forEach((m, i) => (deck = shuffleOf(m, { table, seat: i, step: 1 + i, keys: keyBytes, Y: YBytes }, Y, deck)));

  // 4. The deals, each share checked before the card is opened.
  const opened: TrustlessOpened[] = [], dealt = new Map<number, number>(), seen = new Map<number, number>();
  for (const d of tr.deals) {
    const step = 1 + n + d.position;
    if (d.position >= N || dealt.has(d.position))
      throw new Failure(0, step, 'schedule: position', d.position >= N ? `position ${d.position} is past the deck of ${N}` : `position ${d.position} is dealt twice`);
    dealt.set(d.position, step);
    if (typeof d.to === 'number' && d.to >= n) throw new Failure(0, step, 'schedule: holder', `position ${d.position} goes to seat ${d.to}, but the table has ${n} seats`);
    const expected = d.to === 'burn' ? [] : Array.from({ length: n }, (_, s) => s).filter((s) => d.to === 'all' || s !== d.to);
    if (d.shares.length !== expected.length)
      throw new Failure(0, step, 'schedule: share count', `position ${d.position} (to ${show(d.to)}) has ${d.shares.length} shares, not ${expected.length}`);
    const { A, B } = deck.cts[d.position];
    const ct = { A, ABytes: deck.bytes.subarray(64 * d.position, 64 * d.position + 32), BBytes: deck.bytes.subarray(64 * d.position + 32, 64 * d.position + 64) };
    const D: (Point | undefined)[] = new Array(n).fill(undefined);
    expected.forEach((seat, j) => (D[seat] = shareOf(d.shares[j], table, seat, step, d.position, keys, keyBytes, ct)));
    if (typeof d.to === 'number' && secrets[d.to] !== undefined) D[d.to] = mul(A, secrets[d.to]!);
    let card: number | null = null;
    if (d.to !== 'burn' && D.every((x) => x)) {
      const c = cardOf(D.reduce<Point>((acc, x) => acc.subtract(x!), B), N);
      if (c === undefined) throw new Failure(0, step, 'card', `the point opened at position ${d.position} is no card`);
      if (seen.has(c)) throw new Failure(0, step, 'card', `position ${d.position} opens ${CODES[c]}, already opened at position ${seen.get(c)}`);
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

/** Seat i's key message (§9 step 2): its place, its encodings, Y_i ≠ O, then the Schnorr proof (§4). */
function keyOf(m: KeyIn, table: Table, seat: number): Encoded {
  if (m.seat !== seat || m.step !== 0) throw new Failure(seat, 0, 'schedule', `key message ${seat} says seat ${m.seat}, step ${m.step}; it must be seat ${seat}, step 0`);
  const dec = decoder(seat, 0);
  const Y = dec.point(m.key, 'key'), T = dec.point(m.t, 'proof.t'), s = dec.scalar(m.s, 'proof.s');
  if (Y.point.is0()) throw new Failure(seat, 0, 'key', 'the seat key is the identity');
  if (!keyProofHolds(table, seat, Y.point, Y.bytes, T.point, T.bytes, s)) throw new Failure(seat, 0, 'schnorr', 'the Schnorr proof of the key does not hold (s·G ≠ T + e·Y_i)');
  return Y;
}

/** Seat i's shuffle (§9 step 3): its place, its encodings and lengths, the challenges, then CheckShuffleProof (§6.2). */
function shuffleOf(m: ShuffleIn, at: { table: Table; seat: number; step: number; keys: Uint8Array; Y: Uint8Array }, Y: Point, input: Deck): Deck {
  const { seat, step } = at, N = at.table.cards;
  if (m.seat !== seat || m.step !== step) throw new Failure(seat, step, 'schedule', `shuffle message ${seat} says seat ${m.seat}, step ${m.step}; it must be seat ${seat}, step ${step}`);
  const dec = decoder(seat, step);
  for (const [list, name] of [[m.deck, 'deck'], [m.c, 'proof.c'], [m.chat, 'proof.chat'], [m.that, 'proof.that'], [m.shat, 'proof.shat'], [m.sprime, 'proof.sprime']] as const)
    dec.length(list, N, name);
  const out = m.deck.map(([A, B], i) => [dec.point(A, `deck[${i}][0]`), dec.point(B, `deck[${i}][1]`)]);
  const pts = (list: string[], name: string) => list.map((x, i) => dec.point(x, `${name}[${i}]`));
  const c = pts(m.c, 'proof.c'), chat = pts(m.chat, 'proof.chat'), that = pts(m.that, 'proof.that');
  const t1 = dec.point(m.t1, 'proof.t1'), t2 = dec.point(m.t2, 'proof.t2'), t3 = dec.point(m.t3, 'proof.t3');
  const t4A = dec.point(m.t4[0], 'proof.t4[0]'), t4B = dec.point(m.t4[1], 'proof.t4[1]');
  const proof: ShuffleProof = {
    c: c.map((x) => x.point), chat: chat.map((x) => x.point),
    t: { t1: t1.point, t2: t2.point, t3: t3.point, t4A: t4A.point, t4B: t4B.point, that: that.map((x) => x.point) },
    s1: dec.scalar(m.s1, 'proof.s1'), s2: dec.scalar(m.s2, 'proof.s2'), s3: dec.scalar(m.s3, 'proof.s3'), s4: dec.scalar(m.s4, 'proof.s4'),
    shat: m.shat.map((x, i) => dec.scalar(x, `proof.shat[${i}]`)), sprime: m.sprime.map((x, i) => dec.scalar(x, `proof.sprime[${i}]`)),
  };
  const output: Deck = { cts: out.map(([A, B]) => ({ A: A.point, B: B.point })), bytes: concatBytes(...out.flatMap(([A, B]) => [A.bytes, B.bytes])) };
  const hashed = { ...at, deckIn: input.bytes, deckOut: output.bytes, c: concatBytes(...c.map((x) => x.bytes)) };
  const u = shuffleU(hashed);
  const e = shuffleE(hashed, concatBytes(...chat.map((x) => x.bytes)), {
    t1: t1.bytes, t2: t2.bytes, t3: t3.bytes, t4A: t4A.bytes, t4B: t4B.bytes, that: concatBytes(...that.map((x) => x.bytes)),
  });
  const [h0, ...h] = generators().slice(0, N + 1);
  const failed = checkShuffleProof({ h0, h, Y, deckIn: input.cts, deckOut: output.cts }, proof, u, e);
  if (failed) throw new Failure(seat, step, failed, `the shuffle proof fails ${failed} (§6.2)`);
  return output;
}

/** The j-th share of a deal (§9 step 4): from the j-th expected seat, at this step and position; its encodings, then the Chaum–Pedersen proof (§7). */
function shareOf(m: ShareIn, table: Table, seat: number, step: number, position: number, keys: Encoded[], keyBytes: Uint8Array,
  ct: { A: Point; ABytes: Uint8Array; BBytes: Uint8Array }): Point {
  if (m.seat !== seat || m.step !== step || m.position !== position)
    throw new Failure(seat, step, 'schedule', `the share expected from seat ${seat} for position ${position} (step ${step}) says seat ${m.seat}, position ${m.position}, step ${m.step}`);
  const dec = decoder(seat, step);
  const D = dec.point(m.share, 'share'), T1 = dec.point(m.t1, 'proof.t1'), T2 = dec.point(m.t2, 'proof.t2'), s = dec.scalar(m.s, 'proof.s');
  if (!shareProofHolds({ table, seat, step, keys: keyBytes, Yi: keys[seat].point, YiBytes: keys[seat].bytes, A: ct.A, ABytes: ct.ABytes, BBytes: ct.BBytes,
    D: D.point, DBytes: D.bytes, T1: T1.point, T1Bytes: T1.bytes, T2: T2.point, T2Bytes: T2.bytes, s }))
    throw new Failure(seat, step, 'share', `the Chaum–Pedersen proof of the share for position ${position} does not hold`);
  return D.point;
}
