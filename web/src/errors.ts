/**
 * Describing a caller's value in an error message without running the caller's code: no
 * valueOf, toString, Symbol.toPrimitive or Symbol.toStringTag, and no throw on revoked proxies.
 */
import { typedArrayName } from './input.js';

/** Quotes a user's value for an error message, safely (see the file comment). */
export function show(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}...` : value);
    case 'bigint':
      return `${value}n`;
    case 'number':
    case 'boolean':
    case 'undefined':
      return String(value);
    case 'symbol':
      return 'a symbol';
    case 'function':
      return 'a function';
  }
  if (value === null) return 'null';
  const typed = typedArrayName(value);
  if (typed) return typed;
  try {
    if (Array.isArray(value)) return `an array of ${(value as unknown[]).length}`;
  } catch {
    return 'a revoked proxy';
  }
  return 'an object';
}
