/** Escape sequences with no meaning in a text result: CSI (colours, cursor), OSC (titles), and two-byte escapes. */
// eslint-disable-next-line no-control-regex -- matching terminal escape sequences is the point
const ESCAPES = /\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[PX^_][^\x1b]*\x1b\\|\x1b[@-Z\\-_]|\x1b[()][A-Za-z0-9]/g;

/**
 * Terminal output as text: escape sequences removed, CRLF as LF, and a line rewritten with
 * carriage returns (progress bars) reduced to what it finally shows.
 */
export function cleanOutput(raw: string): string {
  const text = raw.replace(ESCAPES, '').replace(/\r+\n/g, '\n');
  if (!text.includes('\r')) return text;
  return text
    .split('\n')
    .map((line) => {
      const parts = line.split('\r').filter((p) => p !== '');
      if (parts.length <= 1) return parts[0] ?? '';
      // Each part overwrites the start of the line: keep the longest visible result.
      let shown = '';
      for (const part of parts) shown = part + shown.slice(part.length);
      return shown;
    })
    .join('\n');
}
