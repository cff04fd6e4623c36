/**
 * The incomplete gamma function of stdlib (@stdlib/math-base-special-gammainc, Apache-2.0), which
 * the fairness statistics use for their χ² p-values. In the published package this module is a
 * bundle of it made at build time (scripts/vendor.mjs), shipped beside its licence, so installing
 * fairdeck pulls in no @stdlib package (stdlib splits this one function over about 200) and an app
 * that never imports fairdeck/fairness carries none of it. Typed here, so the published types
 * name no @stdlib package either.
 */
import stdlibGammainc from '@stdlib/math-base-special-gammainc';

/** P(x, s) or, with `upper`, Q(x, s) = 1 − P(x, s) (regularised when `regularized`, the default). */
export const gammainc: (x: number, s: number, regularized?: boolean, upper?: boolean) => number = stdlibGammainc;
