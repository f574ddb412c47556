import type { FuzzRandom } from './fuzz-random.js';

/** Keys that attack prototype chains and naive object handling. */
export const PROTOTYPE_KEYS: readonly string[] = ['__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty', '__defineGetter__', 'toJSON', 'then'];

/** Characters that break naive text handling: controls, escapes, bidi overrides, surrogates, NUL. */
const NASTY_CHARS: readonly string[] = [
  '\u0000', '\u0001', '\u0007', '\b', '\t', '\n', '\r', '\u000b', '\f', '\u001b', '\u001b[2J', '\u001b]52;c;aGk=\u0007', '\u007f',
  '\u0085', '\u00a0', '\u200b', '\u200d', '\u2028', '\u2029', '\u202e', '\u2066', '\ufeff', '\ufffd', '\uffff',
  '\ud800', '\udfff', '😀', '👩‍👩‍👧', 'ﷺ', 'Ω', 'ß', 'İ', '𝕏', '\\', '"', "'", '`', '$(', '${', '%s', '%n', '{{', '}}', '<script>', '&amp;', '../', '*', '?', '[', ']',
];

/** How every marker starts; a framework error text containing it quotes a planted value. */
export const MARKER_PREFIX = 'sk-FUZ';

/**
 * A secret-like marker for one step: planted in argument values, it must never appear in an error
 * text the framework itself writes (the README promises argument names, not values).
 */
export function markerFor(seed: number, step: number, n: number): string {
  return `${MARKER_PREFIX}${seed.toString(36)}Q${step.toString(36)}Q${n}X`;
}

/** A string of `length` characters drawn from letters, digits and the nasty characters. */
export function nastyString(rng: FuzzRandom, length: number): string {
  let out = '';
  while (out.length < length) out += rng.chance(0.3) ? rng.pick(NASTY_CHARS) : String.fromCharCode(rng.int(0x20, 0x7e));
  return out;
}

/** A short, mostly plain string; sometimes unicode or control characters; sometimes a marker inside. */
export function fuzzString(rng: FuzzRandom, marker: () => string): string {
  return rng.weighted<() => string>([
    [5, () => `text${rng.int(0, 999)}`],
    [3, () => `${nastyString(rng, rng.int(0, 12))}${marker()}${nastyString(rng, rng.int(0, 4))}`],
    [2, () => nastyString(rng, rng.int(0, 40))],
    [1, () => ''],
    [1, () => marker()],
    [0.3, () => `${marker()}${'x'.repeat(rng.pick([1_000, 65_536, 1_100_000]))}`],
  ])();
}

/** A value nested `depth` levels deep (objects or arrays), ending in `leaf`. */
export function deepValue(rng: FuzzRandom, depth: number, leaf: unknown): unknown {
  let value = leaf;
  const arrays = rng.chance(0.5);
  for (let i = 0; i < depth; i++) value = arrays ? [value] : { a: value };
  return value;
}

/** JSON text nested `depth` levels deep, built as text (no recursion, no stack overflow). */
export function deepJsonText(depth: number, leaf: string): string {
  return `${'{"a":'.repeat(depth)}${leaf}${'}'.repeat(depth)}`;
}

/** Any JSON-ish value of a random type (for wrong-type mutations). */
export function anyValue(rng: FuzzRandom, marker: () => string): unknown {
  return rng.weighted<() => unknown>([
    [2, () => fuzzString(rng, marker)],
    [1, () => rng.pick([0, -1, 1.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 2 ** 31, -0])],
    [1, () => rng.pick([true, false])],
    [1, () => null],
    [1, () => [fuzzString(rng, marker), rng.int(0, 9)]],
    [1, () => ({ [rng.pick(PROTOTYPE_KEYS)]: marker() })],
    [0.5, () => deepValue(rng, rng.int(5, 200), marker())],
  ])();
}
