/**
 * The search pattern as a JavaScript regex: case-insensitive, `^`/`$` at line boundaries. Throws
 * the engine's `SyntaxError` for an invalid pattern. JavaScript's syntax is the one that decides
 * validity, so a pattern is valid or invalid the same way whichever search backend runs. (Compiling
 * is linear in the pattern; matching, which can backtrack, runs in a worker thread.)
 */
export function compileSearchRegex(pattern: string): RegExp {
  return new RegExp(pattern, 'im');
}
