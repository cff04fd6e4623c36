/**
 * verifyRound: one round (or one hand of a shoe, by its offset) replayed from its revealed seeds
 * and compared with what the round says was dealt (docs/provably-fair.md). fairdeck/verify's entry
 * is index.ts.
 */
import { facesOf } from './cards.js';
import { checkRound, show, type CheckedRound, type DealPacket, type Round } from './input.js';
import { commitmentOf, compositionText, roundKey, roundMessage, RoundStream } from './scheme.js';


/**
 * The verdict: `order` is the round's whole deal order as codes; `piles` the cards each pile
 * holds at the end of the round (after moves and returns), in arrival order — given when the round
 * has `deals` or `piles`, so a round without them gets the verdict it always got; `reason` says
 * why not ok. `checked` is how many of the round's cards were compared with what the seeds deal
 * (the dealt cards, then the stated piles' cards); `warnings` says what an `ok` does not prove.
 */
export interface Verdict {
  ok: boolean;
  order: string[];
  piles?: Record<string, string[]>;
  reason?: string;
  /** The round's cards compared with the seeds' deal: `dealt`'s, then the stated piles'. 0: none was. */
  checked: number;
  /** What the verdict could not confirm: no card checked, or a preset's seat count the cards cannot show. */
  warnings?: string[];
}

/** The pile of the cards dealt before a round's `offset`: not a pile name a round can give (those are printable ASCII). */
const EARLIER = '\u0000earlier';

/** A history event that these seeds cannot apply (a card it names is not where it says): a verdict, not bad input. */
class Mismatch extends Error {}

/** What the replay gives: the order, the piles (keys), and why the script could not be dealt, if so. */
interface Replay {
  order: string[];
  piles: Record<string, string[]>;
  short?: string;
}

/**
 * Deals the round: its dealing script packet by packet (or `dealt`'s cards onto 'dealt'), its
 * history applied after the given numbers of cards, then the rest of the order to the end.
 */
function deal(r: CheckedRound, stream: RoundStream): Replay {
  const { codes, decks } = facesOf(r.deck);
  const code = (key: number) => codes[Math.floor(key / decks)];
  const faceOf = new Map(codes.map((c, i) => [c, i]));
  let undealt = stream.shuffle(Array.from({ length: codes.length * decks }, (_, k) => k));
  let next = 0;  // undealt[next…] are still to deal, first card first
  let returned: number[] = [];
  const order: string[] = [];
  // The piles, in the order a deck lists them: a pile that empties leaves the list, and rejoins
  // it at the end with its next card. `where` says which pile holds each card that is out.
  const piles = new Map<string, number[]>(), where = new Map<number, string>();
  const put = (key: number, pile: string) => {
    let cards = piles.get(pile);
    if (!cards) piles.set(pile, (cards = []));
    cards.push(key);
    where.set(key, pile);
  };
  const take = (key: number) => {
    const pile = where.get(key)!, cards = piles.get(pile)!;
    cards.splice(cards.indexOf(key), 1);
    if (cards.length === 0) piles.delete(pile);
    where.delete(key);
  };
  const reshuffle = (keys: number[]) => ([undealt, next, returned] = [stream.shuffle(keys), 0, []]);
  const left = () => undealt.length - next + returned.length;
  const dealOne = (): number | undefined => {
    if (next === undealt.length) {
      if (returned.length === 0) return undefined;
      reshuffle(returned);
    }
    const key = undealt[next++];
    order.push(code(key));
    return key;
  };

  // The script: packets dealt whole (each one call), or, without one, dealt's cards one by one.
  const script: DealPacket[] = r.deals ?? [{ pile: 'dealt', count: r.dealt.length }];
  let packet = 0, filled = 0, short: string | undefined;
  const dealScript = (upTo: number) => {
    // A hand inside a shoe: the earlier hands' cards first, onto a pile no verdict reports.
    while (order.length < r.offset) {
      if (order.length >= upTo) return;
      const key = dealOne();
      if (key === undefined) return;  // fewer cards than the offset: verifyRound says so
      // Only a history event can name an earlier card; without one they are only counted, so a
      // hand deep in a shoe costs what the first hand costs (the whole order is dealt either way).
      if (r.history.length) put(key, EARLIER);
    }
    while (short === undefined && packet < script.length) {
      const p = script[packet];
      if (filled === p.count) {
        packet++, (filled = 0);
        continue;
      }
      if (order.length >= upTo) return;
      if (r.deals && filled === 0 && left() < p.count) {
        short = `packet ${packet + 1} of the dealing script deals ${p.count} card${p.count === 1 ? '' : 's'} onto pile ${p.pile} after ${order.length} cards, but only ${left()} remain`;
        return;
      }
      const key = dealOne();
      if (key === undefined) return;  // without a script: the deck is empty (dealt is checked against the order)
      put(key, p.pile);
      filled++;
    }
  };

  /** Out cards for `wanted` codes, as a deck picks them: of each code, the lowest copy out (in `from`) not named yet. */
  const pick = (wanted: string[], field: string, after: number, from?: string): number[] => {
    const named = new Set<number>();
    return wanted.map((c) => {
      const face = faceOf.get(c);
      for (let copy = 0; face !== undefined && copy < decks; copy++) {
        const key = face * decks + copy;
        if (where.has(key) && !named.has(key) && (from === undefined || where.get(key) === from)) {
          named.add(key);
          return key;
        }
      }
      // A code of no card of this deck is bad input whatever the seeds; a card these seeds left elsewhere is a verdict.
      const missing = `${field}: ${show(c)} was not ${from === undefined ? 'out of the deck' : `in pile ${from}`} after ${after} cards`;
      if (face === undefined) throw new RangeError(missing);
      throw new Mismatch(`${missing} with these seeds`);
    });
  };

  r.history.forEach((e, i) => {
    if (short !== undefined) return;
    dealScript(e.after);
    if (short !== undefined) return;
    if (e.returnCards) {
      for (const key of pick(e.returnCards, `history[${i}].returnCards`, e.after, e.from)) {
        take(key);
        returned.push(key);
      }
    } else if (e.moveCards) {
      for (const key of pick(e.moveCards, `history[${i}].moveCards`, e.after, e.from)) {
        take(key);
        put(key, e.to!);
      }
    } else {
      reshuffle([...undealt.slice(next), ...returned]);
    }
  });
  dealScript(Infinity);
  while (dealOne() !== undefined);
  const out: Record<string, string[]> = {};
  piles.delete(EARLIER);
  const names = [...piles.keys()].sort((a, b) => Number(b === 'dealt') - Number(a === 'dealt'));  // 'dealt' first, as a deck lists them
  for (const name of names) out[name] = piles.get(name)!.map(code);
  return { order, piles: out, short };
}

/** The first difference between the stated piles and the replayed ones, in words, or undefined. */
function pilesDiffer(stated: Map<string, string[]>, piles: Record<string, string[]>): string | undefined {
  const names = [...new Set([...Object.keys(piles), ...stated.keys()])];
  for (const name of names) {
    const want = piles[name] ?? [], got = stated.get(name);
    if (got === undefined) {
      if (want.length) return `pile ${name} is not in the round's piles, but these seeds put ${want.length} card${want.length === 1 ? '' : 's'} there (${want.join(' ')})`;
      continue;
    }
    const bad = got.findIndex((c, i) => c !== want[i]);
    if (bad >= 0 && bad < want.length) {
      return `card ${bad + 1} of pile ${name} was ${got[bad]}, but these seeds deal ${want[bad]} there: the pile does not match the seeds`;
    }
    if (got.length !== want.length) {
      return `pile ${name} holds ${got.length} card${got.length === 1 ? '' : 's'} in the round, but these seeds put ${want.length} there${want.length ? ` (${want.join(' ')})` : ''}`;
    }
  }
  return undefined;
}

/**
 * Recomputes a round from its revealed seeds and says whether the commitment, the dealt cards
 * and the stated piles match, in that order: a well-formed round always gets a verdict (a history
 * that these seeds cannot apply is one), never an exception. Rejects with TypeError/RangeError
 * (naming the field) only for malformed input.
 */
export async function verifyRound(round: Round): Promise<Verdict> {
  const r = checkRound(round);
  const known = new Set(facesOf(r.deck).codes);
  for (let i = 0; i < r.dealt.length; i++) {
    if (!known.has(r.dealt[i])) throw new RangeError(`dealt[${i}] is ${show(r.dealt[i])}, which is not a card of this deck`);
  }
  for (const [name, cards] of r.piles ?? []) {
    const i = cards.findIndex((c) => !known.has(c));
    if (i >= 0) throw new RangeError(`piles[${JSON.stringify(name)}][${i}] is ${show(cards[i])}, which is not a card of this deck`);
  }
  const message = roundMessage(r.version, r.clientSeed, r.nonce, compositionText(r.deck));
  const stream = new RoundStream(await roundKey(r.serverSeed, message));
  let replay: Replay, mismatch: string | undefined;
  try {
    replay = deal(r, stream);
  } catch (e) {
    if (!(e instanceof Mismatch)) throw e;
    replay = { order: [], piles: {} }, mismatch = e.message;
  }
  const { order, piles, short } = replay;
  const shown = r.deals || r.piles ? { piles } : {};
  const no = (reason: string, checked = 0): Verdict => ({ ok: false, order, ...shown, reason, checked });
  // The commitment first: with another server seed nothing else of the round means anything.
  const actual = await commitmentOf(r.serverSeed);
  if (actual !== r.commitment) {
    return no(`the commitment does not match the server seed: SHA-256 of the seed is ${actual}, the commitment was ${r.commitment}`);
  }
  if (mismatch !== undefined) return no(`the round's history does not match these seeds: ${mismatch}`);
  if (short !== undefined) return no(short);
  const scripted = r.deals?.reduce((n, p) => n + p.count, 0);
  if (scripted !== undefined && r.dealt.length > scripted) {
    return no(`${r.dealt.length} cards were dealt, but the dealing script deals only ${scripted}`);
  }
  const at = r.offset;
  if (at > order.length) return no(`the offset is ${at}, but this round deals only ${order.length} cards`);
  if (at + r.dealt.length > order.length) {
    return no(at ? `${r.dealt.length} cards were dealt after the first ${at}, but this round deals only ${order.length}`
      : `${r.dealt.length} cards were dealt, but this round deals only ${order.length}`);
  }
  const bad = r.dealt.findIndex((c, i) => c !== order[at + i]);
  if (bad >= 0) {
    return no(`card ${bad + 1} dealt was ${r.dealt[bad]}, but this round deals ${order[at + bad]} there${at ? ` (card ${at + bad + 1} of the round's order)` : ''}: `
      + 'the deal does not match the seeds', bad + 1);
  }
  const differ = r.piles && pilesDiffer(r.piles, piles);
  if (differ) return no(differ, r.dealt.length);
  const checked = r.dealt.length + [...(r.piles?.values() ?? [])].reduce((n, cards) => n + cards.length, 0);
  const warnings: string[] = [];
  if (checked === 0) {
    warnings.push('no card was checked: the round states no dealt cards and no piles, so this verdict says only that the commitment matches the server seed');
  }
  if (r.presets.length && !r.piles) {
    const seats = r.presets.map((p) => `${p.game} for ${p.seats} seat${p.seats === 1 ? '' : 's'}`).join(', ');
    warnings.push(`the seat count is not confirmed: the deal order is the same for any number of seats, so without the round's piles the cards cannot show that the preset (${seats}) is the table that was dealt`);
  }
  return { ok: true, order, ...shown, checked, ...(warnings.length ? { warnings } : {}) };
}
