/**
 * fairdeck/verify — checks a provably fair round (docs/provably-fair.md) with a second,
 * independent implementation: plain TypeScript and WebCrypto, no WASM, no `init()`.
 */
import { facesOf } from './cards.js';
import { checkRound, show, type CheckedRound, type Round } from './input.js';
import { commitmentOf, compositionText, roundKey, roundMessage, RoundStream } from './scheme.js';

export type { Round, RoundDeck, RoundEvent } from './input.js';

/** The verdict: `order` is the round's whole deal order as codes; `reason` says why not ok. */
export interface Verdict {
  ok: boolean;
  order: string[];
  reason?: string;
}

/** Deals the round: its history applied after the given numbers of cards, then to the end. */
function deal(r: CheckedRound, stream: RoundStream): string[] {
  const { codes, decks } = facesOf(r.deck);
  const code = (key: number) => codes[Math.floor(key / decks)];
  let undealt = stream.shuffle(Array.from({ length: codes.length * decks }, (_, k) => k));
  let next = 0;  // undealt[next…] are still to deal, first card first
  let returned: number[] = [];
  const out: number[] = [], order: string[] = [];
  const reshuffle = (keys: number[]) => ([undealt, next, returned] = [stream.shuffle(keys), 0, []]);
  const dealTo = (count: number) => {
    while (order.length < count && (next < undealt.length || returned.length > 0)) {
      if (next === undealt.length) reshuffle(returned);
      const key = undealt[next++];
      out.push(key);
      order.push(code(key));
    }
  };
  r.history.forEach((e, i) => {
    dealTo(e.after);
    if (!e.returnCards) {
      reshuffle([...undealt.slice(next), ...returned]);
      return;
    }
    for (const c of e.returnCards) {
      const at = out.findIndex((k) => code(k) === c);
      if (at < 0) throw new RangeError(`history[${i}].returnCards: ${show(c)} was not out of the deck after ${e.after} cards`);
      returned.push(...out.splice(at, 1));
    }
  });
  dealTo(Infinity);
  return order;
}

/**
 * Recomputes a round from its revealed seeds and says whether the commitment and the dealt cards
 * match. Rejects with TypeError/RangeError (naming the field) for malformed input.
 */
export async function verifyRound(round: Round): Promise<Verdict> {
  const r = checkRound(round);
  const message = roundMessage(r.version, r.clientSeed, r.nonce, compositionText(r.deck));
  const order = deal(r, new RoundStream(await roundKey(r.serverSeed, message)));
  const known = new Set(order);
  for (let i = 0; i < r.dealt.length; i++) {
    if (!known.has(r.dealt[i])) throw new RangeError(`dealt[${i}] is ${show(r.dealt[i])}, which is not a card of this deck`);
  }
  const actual = await commitmentOf(r.serverSeed);
  if (actual !== r.commitment) {
    return { ok: false, order, reason: `the commitment does not match the server seed: SHA-256 of the seed is ${actual}, the commitment was ${r.commitment}` };
  }
  if (r.dealt.length > order.length) {
    return { ok: false, order, reason: `${r.dealt.length} cards were dealt, but this round deals only ${order.length}` };
  }
  const bad = r.dealt.findIndex((c, i) => c !== order[i]);
  if (bad >= 0) {
    return { ok: false, order, reason: `card ${bad + 1} dealt was ${r.dealt[bad]}, but this round deals ${order[bad]} there: the deal does not match the seeds` };
  }
  return { ok: true, order };
}
