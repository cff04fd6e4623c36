/**
 * Arrangements and their lexicographic ranks, as the core numbers them (fairness.hpp):
 * rank 0 is the identity 0, 1, …, n−1 and rank n! − 1 is n−1, …, 1, 0.
 */

/** Lexicographic rank of a permutation of 0…n−1 (n ≤ 12). */
export function permutationRank(a: ArrayLike<number>): number {
  const n = a.length;
  let rank = 0;
  for (let i = 0; i < n; i++) {
    let smaller = 0;
    for (let j = i + 1; j < n; j++) if (a[j] < a[i]) smaller++;
    rank = rank * (n - i) + smaller;
  }
  return rank;
}

/** The arrangement of 0…n−1 with lexicographic rank `rank` (the inverse of permutationRank). */
export function permutationAt(rank: number, n: number): number[] {
  return prefixAt(rank, n, n);
}

/** The first `m` items of the ordered prefix of rank `rank` among the n!/(n−m)! prefixes (m = n: permutationAt). */
export function prefixAt(rank: number, n: number, m: number): number[] {
  const digits: number[] = new Array<number>(m);
  for (let p = m - 1, r = rank; p >= 0; p--) {
    const base = n - p;
    digits[p] = r % base;
    r = (r - digits[p]) / base;
  }
  const left = Array.from({ length: n }, (_, i) => i);
  return digits.map((d) => left.splice(d, 1)[0]);
}

/** n! for small n. */
export function factorial(n: number): number {
  let f = 1;
  for (let i = 2; i <= n; i++) f *= i;
  return f;
}
