// assertFair under node:test (run by ../audit-cli.test.ts with `node --test`): the built package's
// fairdeck/fairness, path in FAIRDECK_FAIRNESS. A fair shuffle passes; a Sattolo shuffle must
// throw the report — and, with AUDIT_EXPECT_FAILURE=1, is left to fail the node:test run.
import { test } from 'node:test';
import assert from 'node:assert/strict';
const { assertFair } = await import(process.env.FAIRDECK_FAIRNESS);
let s = 12345;
const next = () => ((s = (Math.imul(s, 1103515245) + 12345) >>> 0) / 2 ** 32);  // tests only
const fair = (a) => { for (let i = a.length - 1; i > 0; i--) { const j = Math.floor(next() * (i + 1)); [a[i], a[j]] = [a[j], a[i]]; } };
const sattolo = (a) => { for (let i = a.length - 1; i > 0; i--) { const j = Math.floor(next() * i); [a[i], a[j]] = [a[j], a[i]]; } };

test('a fair shuffle passes assertFair', async () => {
  await assertFair(fair, { n: 10, trials: 50_000 });
});
test('a Sattolo shuffle fails assertFair with the report', async () => {
  if (process.env.AUDIT_EXPECT_FAILURE === '1') return assertFair(sattolo, { n: 10, trials: 50_000 });
  await assert.rejects(assertFair(sattolo, { n: 10, trials: 50_000 }), /Sattolo's j < i/);
});
