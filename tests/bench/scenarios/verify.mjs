// Scenario 12: one hand of a shoe, verified by its offset (issue 60). A 6-deck shoe (312 cards)
// is one provable round; verifyRound({ offset, dealt }) checks a hand alone. The guard: hand 40
// (offset 195) costs what hand 1 costs — the verifier deals the shoe's whole order either way —
// ≤ 1.1× (paired). Each round times a batch of calls for hand 1 and one for hand 40 back to back,
// in an order that alternates from round to round, on the process's CPU clock (lib.mjs); the
// guard reads the median of the rounds' ratios (pairStats). For context, not guarded: hand 40
// checked the way a player had to before `offset`, by replaying hands 1–40 (dealt from card 1).
import { createHash } from 'node:crypto';
import { Deck, init } from 'fairdeck/games';
import { verifyRound } from 'fairdeck/verify';
import { centre, consume, now, pairStats, report } from '../lib.mjs';

await init();
const ROUNDS = Number(process.env.VERIFY_ROUNDS ?? 21), CALLS = 120;  // ~20 ms of CPU per sample
const serverSeed = createHash('sha256').update('bench shoe').digest('hex');
const commitment = createHash('sha256').update(Buffer.from(serverSeed, 'hex')).digest('hex');
const shoe = new Deck({ decks: 6, penetration: 0.75, provable: { serverSeed, clientSeed: 'bench', nonce: 0 } });
const hands = [];
for (let i = 0, at = 0; i < 40; i++, at += 5) hands.push({ offset: at, dealt: shoe.deal(5).map(String) });
shoe.dispose();
const base = { commitment, serverSeed, clientSeed: 'bench', nonce: 0, deck: { decks: 6 } };
const FIRST = 'verifyRound, hand 1 of a 6-deck shoe (5 cards)';
const FORTIETH = 'verifyRound, hand 40 by its offset (195)';
const REPLAY = 'verifyRound, hand 40 by replaying hands 1–40 (200 cards)';
const rounds = {
  [FIRST]: { ...base, dealt: hands[0].dealt },
  [FORTIETH]: { ...base, offset: hands[39].offset, dealt: hands[39].dealt },
  [REPLAY]: { ...base, dealt: hands.flatMap((h) => h.dealt) },
};
for (const r of Object.values(rounds)) if (!(await verifyRound(r)).ok) throw new Error('verify scenario: a bench round does not verify');
/** µs per call of a batch of CALLS, on lib.mjs's clock. */
const time = async (round) => {
  const t0 = now();
  let s = 0;
  for (let i = 0; i < CALLS; i++) s += (await verifyRound(round)).checked;
  consume(s);
  return ((now() - t0) * 1e6) / CALLS;  // ns
};
for (let i = 0; i < 5; i++) for (const r of Object.values(rounds)) await time(r);  // warm-up: every path tiered up
const samples = { [FIRST]: [], [FORTIETH]: [], [REPLAY]: [] }, pairs = [];
for (let r = 0; r < ROUNDS; r++) {
  let a, b;
  if (r % 2 === 0) a = await time(rounds[FIRST]), b = await time(rounds[FORTIETH]);
  else b = await time(rounds[FORTIETH]), a = await time(rounds[FIRST]);
  samples[FIRST].push(a), samples[FORTIETH].push(b), pairs.push([b, a]);
  samples[REPLAY].push(await time(rounds[REPLAY]));
}
const row = (name, extra) => ({ name, group: 'verify-shoe', ns: centre(samples[name]).m, spread: centre(samples[name]).spread, rounds: ROUNDS, reps: CALLS, ops: 1, ...extra });
report('verify', [
  row(FIRST, { peer: true, note: 'the first hand: offset 0' }),
  row(FORTIETH, { peer: false, note: 'the same work: the whole order is dealt', paired: { [FIRST]: pairStats(pairs) } }),
  row(REPLAY, { peer: false, note: 'context: the replay a player needed before offset' }),
]);
