/**
 * The names of the core's engines, strategies and styles as TypeScript types (a leaf module:
 * options.ts and manifest.ts both use them). At run time the names come from the core itself,
 * through manifest(); tests/unit/manifest.test.ts checks that these types name the same ones.
 */

/** Engine names. `chacha20` is secure and the default; `xoshiro256` is fast, for simulations. */
export type RngName = 'chacha20' | 'xoshiro256';
/** How a deck deals (all uniform): see README "Strategies". */
export type StrategyName = 'eager' | 'lazy' | 'bitmap';
/** Card styles. */
export type StyleName = 'french' | 'german';
