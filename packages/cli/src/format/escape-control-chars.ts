/** Options of {@link escapeControlChars}. */
export interface EscapeOptions {
  /**
   * Keep SGR colour sequences (`ESC [ … m`): for text the CLI coloured itself (a `visualize()`
   * rendering) when colours are on. Every other escape sequence is still shown, not obeyed.
   */
  keepColors?: boolean;
}

/**
 * One pass over the text: an SGR sequence, a CRLF, or one character a terminal would obey
 * (C0 controls but tab and newline, DEL, C1 controls, line/paragraph separators, bidi overrides).
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE = /(\x1b\[[0-9;:]*m)|\r\n|[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

const NAMED: Record<string, string> = { '\r': '\\r', '\b': '\\b', '\f': '\\f', '\v': '\\v', '\0': '\\0' };

function visible(char: string): string {
  const named = NAMED[char];
  if (named) return named;
  const code = char.charCodeAt(0);
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

/**
 * Text that came from a tool or a server, made safe to print on a terminal: every control
 * character is shown as an escape (`\x1b`, `\r`, `\u202e`) instead of being obeyed, so a tool
 * description or result cannot write the clipboard (OSC 52), reset the terminal (`ESC c`), plant
 * links (OSC 8), retitle the window or overwrite lines. Newlines and tabs stay; CRLF becomes LF.
 */
export function escapeControlChars(text: string, options: EscapeOptions = {}): string {
  return text.replace(UNSAFE, (match: string, sgr: string | undefined) => {
    if (sgr !== undefined) return options.keepColors ? sgr : visible('\x1b') + sgr.slice(1);
    if (match === '\r\n') return '\n';
    return visible(match);
  });
}
