/**
 * The search pattern as a JavaScript regex: case-insensitive, `^`/`$` at line boundaries. Throws
 * the engine's `SyntaxError` for an invalid pattern. JavaScript's syntax is the one that decides
 * validity, so a pattern is valid or invalid the same way whichever search backend runs.
 */
export function compileSearchRegex(pattern: string): RegExp {
  return new RegExp(pattern, 'im');
}

/**
 * True when `text` has a line that `regex` matches (ripgrep's line-oriented semantics: a match may
 * not span a newline, and an empty file has no line to match).
 */
export function matchesSomeLine(regex: RegExp, text: string): boolean {
  if (text.length === 0) return false;
  const match = regex.exec(text);
  if (match === null) return false;
  if (!match[0].includes('\n')) return true;
  return text.split('\n').some((line) => regex.test(line));
}
