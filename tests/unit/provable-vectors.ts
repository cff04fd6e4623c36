/** tests/vectors/provable.json, as the unit suites read it (written by the native core). */
import { vectors } from './helpers.js';

export interface ProvableOp {
  op: 'deal' | 'returnCards' | 'shuffle' | 'shuffleRemaining';
  n?: number;
  cards?: string[];
}
export interface ProvableVector {
  name: string;
  /** 2 for version 2 vectors; absent in the version 1 vectors, which predate it (versionOf). */
  version?: 2;
  serverSeed: string;
  commitment: string;
  clientSeed: string;
  nonce: number;
  deck: { style?: 'french' | 'german'; decks?: number; jokers?: number; size?: number };
  /** Version 2: the composition text in the round key. */
  composition?: string;
  key: string;
  words: number[];
  history: ProvableOp[];
}

export const provableVectors = vectors<{ schemes: string[]; vectors: ProvableVector[] }>('provable.json');

/** The scheme of a vector: 1 unless it says 2. */
export const versionOf = (v: ProvableVector): 1 | 2 => v.version ?? 1;

/** The vector named `name` (throws if there is none). */
export function vectorNamed(name: string): ProvableVector {
  const v = provableVectors.vectors.find((x) => x.name === name);
  if (!v) throw new Error(`no provable vector named ${name}`);
  return v;
}

/** One round of a vector's history in verifyRound's terms: the nonce, the dealt codes, the events. */
export interface VectorRound {
  nonce: number;
  dealt: string[];
  history: ({ after: number; returnCards: string[] } | { after: number; shuffleRemaining: true })[];
}

/** Splits a vector's history at each shuffle() into rounds (nonce, nonce + 1, …). */
export function roundsOf(v: ProvableVector): VectorRound[] {
  const rounds: VectorRound[] = [{ nonce: v.nonce, dealt: [], history: [] }];
  for (const op of v.history) {
    const r = rounds[rounds.length - 1];
    if (op.op === 'deal') r.dealt.push(...op.cards!);
    else if (op.op === 'returnCards') r.history.push({ after: r.dealt.length, returnCards: op.cards! });
    else if (op.op === 'shuffleRemaining') r.history.push({ after: r.dealt.length, shuffleRemaining: true });
    else rounds.push({ nonce: r.nonce + 1, dealt: [], history: [] });
  }
  return rounds;
}
