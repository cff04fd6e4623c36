// Scenario 13 (issue 62): a mental-poker hand of fairdeck/trustless, 52 cards, in Node on the
// package's trustless.wasm, on the process's CPU clock (lib.mjs now()): one seat's shuffle + proof,
// one seat checking another's shuffle, opening one card for its holder at a 6-seat table (the 5
// other seats' shares made and sent, the holder checking all 5, then opening), and a whole 6-seat
// Hold'em hand (6 shuffles, each checked by the 5 other seats; 12 hole cards, 5 board cards) as
// the CPU time of each seat, whose largest is guarded. Beside them, the independent verifier of
// fairdeck/verify (TypeScript on @noble/curves): a whole 6-seat hand, and per shuffle (a 2-seat
// transcript with no deals, halved). Each figure is the median of HANDS fresh hands.
import { init, Seat } from 'fairdeck/trustless';
import { verifyTranscript } from 'fairdeck/verify';
import { centre, now, report } from '../lib.mjs';

await init();
const HANDS = Number(process.env.TRUSTLESS_HANDS ?? 5);

/** Plays one hand among n seats by JSON messages; the CPU ms each seat spent, and named steps' ms. */
function hand(n, table) {
  const seats = Array.from({ length: n }, (_, seat) => new Seat({ table, seats: n, seat }));
  const cpu = new Array(n).fill(0), steps = { shuffle: [], check: [], open: 0 };
  const on = (s, f) => {
    const t0 = now(), r = f();
    cpu[s] += now() - t0;
    return r;
  };
  const keys = seats.map((s) => on(s.seat, () => JSON.stringify(s.keyMessage())));
  for (const to of seats) keys.forEach((k, from) => from !== to.seat && on(to.seat, () => to.receiveKey(k)));
  const shuffles = [];
  for (const from of seats) {
    const t0 = now(), m = on(from.seat, () => JSON.stringify(from.shuffle()));
    steps.shuffle.push(now() - t0);
    shuffles.push(JSON.parse(m));
    for (const to of seats) {
      if (to === from) continue;
      const t1 = now();
      on(to.seat, () => to.receiveShuffle(m));
      steps.check.push(now() - t1);
    }
  }
  const deals = [];
  for (const e of seats[0].plan) {
    if (e.to === 'burn') {
      deals.push({ position: e.position, to: 'burn' });
      continue;
    }
    const t0 = now(), shares = [];
    for (const from of seats) {
      if (e.to === 'seat' && e.seat === from.seat) continue;
      const m = on(from.seat, () => JSON.stringify(from.share(e.position)));
      shares.push(JSON.parse(m));
      for (const to of seats) if (to !== from) on(to.seat, () => to.receiveShare(m));
    }
    const holder = e.to === 'seat' ? seats[e.seat] : seats[0];
    if (on(holder.seat, () => holder.card(e.position)) === null) throw new Error('trustless scenario: a card did not open');
    if (e.position === 0) steps.open = now() - t0;  // seat 0's first hole card; every seat gets every share, as a broadcast
    deals.push({ position: e.position, to: e.to === 'seat' ? e.seat : 'all', shares });
  }
  seats.forEach((s) => s.dispose());
  return { cpu, steps, transcript: { protocol: 'fairdeck/trustless/v1', table, seats: n, cards: 52, keys: keys.map((k) => JSON.parse(k)), shuffles, deals } };
}

const rows = [], add = (name, xs, note = '') => {
  const { m, spread } = centre(xs);
  rows.push({ name, group: 'trustless', peer: false, note, ns: m * 1e6, spread, rounds: xs.length, reps: 1 });
};
hand(2, 'warm-up');  // every path tiered up once
const shuffle = [], check = [], open = [], seatMax = [], ts = [], tsShuffle = [];
for (let h = 0; h < HANDS; h++) {
  const r = hand(6, `bench-${h}`);
  shuffle.push(...r.steps.shuffle), check.push(...r.steps.check), open.push(r.steps.open), seatMax.push(Math.max(...r.cpu));
  let t0 = now();
  if (!verifyTranscript(r.transcript).ok) throw new Error('trustless scenario: the verifier refused an honest hand');
  ts.push(now() - t0);
  const two = hand(2, `bench-two-${h}`).transcript;
  t0 = now();
  if (!verifyTranscript({ ...two, deals: [] }).ok) throw new Error('trustless scenario: the verifier refused an honest 2-seat hand');
  tsShuffle.push((now() - t0) / 2);
}
add('one seat: shuffle + proof, 52 cards', shuffle, 'WASM (libsodium ristretto255)');
add("checking another seat's shuffle", check, 'WASM');
add("opening a hole card for its holder, 6 seats (5 shares made, sent, checked)", open, 'WASM');
add('whole 6-seat Hold\'em hand, the busiest seat\'s CPU', seatMax, 'WASM, every seat in one process');
add("verifier: one shuffle's proof", tsShuffle, 'fairdeck/verify, TypeScript on @noble/curves');
add("verifier: a whole 6-seat hand's transcript", ts, 'fairdeck/verify, TypeScript on @noble/curves');
report('trustless', rows);
