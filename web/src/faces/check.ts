/**
 * Argument checks for fairdeck/faces: every bad input is a TypeError (wrong kind) or a RangeError
 * (right kind, wrong value) naming the parameter, the value and what was expected.
 */

import { ownOptions } from '../input.js';

/** A value as an error message shows it. */
export function show(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number' || typeof value === 'boolean' || value == null) return String(value);
  if (typeof value === 'bigint') return `${value}n`;
  if (Array.isArray(value)) return `an array of ${value.length}`;
  return `a ${Object.prototype.toString.call(value).slice(8, -1)}`;
}

/**
 * `options` as a copy of its own data properties, whose keys are all in `known` (undefined: no
 * options); `what` names them in messages. Read by the package's one options reader (input.ts).
 */
export function optionsOf(options: unknown, known: readonly string[], what: string): Record<string, unknown> {
  if (options !== undefined && (options === null || typeof options !== 'object')) {
    throw new TypeError(`${what} must be an object, got ${show(options)}`);
  }
  return ownOptions(options, what, known);
}

/** A number option: finite, and positive if `positive`; `fallback` when undefined. */
export function numberOption(name: string, value: unknown, fallback: number, positive: boolean): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number') throw new TypeError(`options.${name} must be a number, got ${show(value)}`);
  if (!Number.isFinite(value) || (positive && value <= 0)) {
    throw new RangeError(`options.${name} must be a ${positive ? 'positive ' : ''}finite number, got ${show(value)}`);
  }
  return value;
}

/** A string option that must be one of `allowed`; `fallback` when undefined. */
export function choiceOption<T extends string>(name: string, value: unknown, allowed: readonly T[], fallback: T | undefined): T | undefined {
  if (value === undefined) return fallback;
  if (typeof value !== 'string' || !allowed.includes(value as T)) {
    throw new TypeError(`options.${name} must be one of ${allowed.map((a) => `'${a}'`).join(', ')}, got ${show(value)}`);
  }
  return value as T;
}

/** A boolean option; `fallback` when undefined. */
export function booleanOption(name: string, value: unknown, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  if (typeof value !== 'boolean') throw new TypeError(`options.${name} must be true or false, got ${show(value)}`);
  return value;
}
