/** The most characters of a model's own text quoted back in an error. */
export const MAX_QUOTED_CHARS = 500;

/**
 * `text` between `quote` marks for an error message, its middle elided past
 * {@link MAX_QUOTED_CHARS} characters (the full length follows the quote), so an error never grows
 * with the size of what the model sent.
 */
export function quoteClipped(text: string, quote = '`'): string {
  if (text.length <= MAX_QUOTED_CHARS) return `${quote}${text}${quote}`;
  const half = Math.floor(MAX_QUOTED_CHARS / 2);
  return `${quote}${text.slice(0, half)}…${text.slice(text.length - half)}${quote} (${text.length} characters, middle elided)`;
}
