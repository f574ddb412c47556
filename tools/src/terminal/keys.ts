/** Named keys `is_input` understands, as the bytes a terminal sends for them. */
export const NAMED_KEYS: Readonly<Record<string, string>> = {
  UP: '\x1b[A',
  DOWN: '\x1b[B',
  RIGHT: '\x1b[C',
  LEFT: '\x1b[D',
  HOME: '\x1b[H',
  END: '\x1b[F',
  PGUP: '\x1b[5~',
  PGDN: '\x1b[6~',
  TAB: '\t',
  ESC: '\x1b',
  BS: '\x7f',
  ENTER: '\r',
};

/**
 * The bytes for a key name: `C-c`, `C-d`, `C-z` or any `C-<x>` (a control character), or one of
 * {@link NAMED_KEYS}. `undefined` when `text` is not a key name (it is then sent as text + Enter).
 */
export function keyBytes(text: string): string | undefined {
  const name = text.trim();
  const control = /^C-([A-Za-z@[\\\]^_?])$/.exec(name);
  if (control) {
    const ch = control[1]!.toUpperCase();
    return ch === '?' ? '\x7f' : String.fromCharCode(ch.charCodeAt(0) & 0x1f);
  }
  return NAMED_KEYS[name.toUpperCase()];
}
