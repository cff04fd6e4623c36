// tests/bench/peers.mjs — the JS shuffles fairdeck is compared with, each used the way its README
// shows. Every peer here brings its own randomness: d3-array, lodash and fast-shuffle's `shuffle`
// use Math.random (which fairdeck never uses; a peer may), random-js uses its MT19937 engine or
// Node's crypto, pure-rand its xoroshiro128+. None of them is faster than its Math.random loop.
import { shuffle as d3Shuffle } from 'd3-array';
import lodash from 'lodash';
import { shuffle as fastShuffle } from 'fast-shuffle';
import { MersenneTwister19937, nodeCrypto, shuffle as randomJsShuffle } from 'random-js';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { uniformInt } from 'pure-rand/distribution/uniformInt';

const mt = MersenneTwister19937.seed(42);
const xoro = xoroshiro128plus(42);

/** Fisher–Yates with pure-rand's unbiased uniformInt on xoroshiro128+ (its README's pattern). */
function pureRandShuffle(a) {
  for (let i = a.length - 1; i > 0; i--) {
    const j = uniformInt(xoro, 0, i);
    const t = a[i];
    a[i] = a[j];
    a[j] = t;
  }
  return a;
}

/**
 * Peers as { name, note, shuffle(array) → shuffled array } (in place or a copy, as the library
 * does it). `secure` marks peers whose randomness is a cryptographic generator.
 */
export const peers = [
  { name: 'd3-array shuffle', note: 'Math.random', shuffle: (a) => d3Shuffle(a) },
  { name: 'lodash _.shuffle', note: 'Math.random, returns a copy', shuffle: (a) => lodash.shuffle(a) },
  { name: 'fast-shuffle', note: 'Math.random, returns a copy', shuffle: (a) => fastShuffle(a) },
  { name: 'pure-rand FY', note: 'xoroshiro128+, uniformInt', shuffle: pureRandShuffle },
  { name: 'random-js MT19937', note: 'MersenneTwister19937', shuffle: (a) => randomJsShuffle(mt, a) },
  { name: 'random-js nodeCrypto', note: 'crypto.randomBytes, secure', secure: true, shuffle: (a) => randomJsShuffle(nodeCrypto, a) },
];

/** Peers that can take a typed array (lodash and fast-shuffle copy it into a plain Array first). */
export const typedPeers = peers;
