/** The longest search pattern (grep regex, glob, include) a model may send, in characters. */
export const MAX_PATTERN_CHARS = 4_096;

/** How long matching may run in one search before it is stopped (a call's own timeout can be shorter). */
export const MATCH_TIME_LIMIT_MS = 60_000;

/** The error for a pattern over {@link MAX_PATTERN_CHARS}, naming the parameter. */
export function patternTooLongMessage(name: string, length: number): string {
  return `The \`${name}\` parameter is too long (${length} characters); the limit is ${MAX_PATTERN_CHARS}. Use a shorter pattern.`;
}

/** The error for matching stopped by {@link MATCH_TIME_LIMIT_MS}. */
export function matchTooSlowMessage(pattern: string, ms = MATCH_TIME_LIMIT_MS): string {
  return (
    `The search with pattern '${pattern}' was stopped after ${ms / 1000} s: matching took too long. ` +
    'A pattern with nested or adjacent repetition (such as `(a+)+`, `(\\w+\\s?)*` or many `*` in a row) can take exponential time on some text. ' +
    'Simplify the pattern, or narrow the path or include.'
  );
}
