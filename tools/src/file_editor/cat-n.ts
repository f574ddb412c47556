import { truncateMiddle } from '../shared/truncate-middle.js';

/** The most characters one file_editor result shows. */
export const MAX_RESPONSE_CHARS = 16_000;

/** Marker for a clipped file view. */
export const FILE_CLIPPED_NOTICE =
  '\n<response clipped><NOTE>Only part of this file is shown because the output was too long. Search in it with `grep -n` and view the lines you need with `view_range`.</NOTE>\n';

/** Marker for a clipped directory listing. */
export const DIRECTORY_CLIPPED_NOTICE =
  '\n<response clipped><NOTE>Only part of this directory is shown because the output was too long. Use `ls -la` on its subdirectories to explore it step by step.</NOTE>\n';

/**
 * `lines` as `cat -n` prints them (number right-aligned in 6 columns, a tab, the line), numbered
 * from `firstLine`, under the header naming `what`, clipped in the middle to {@link MAX_RESPONSE_CHARS}
 * (the numbers stay true on both sides of the cut).
 */
export function catN(lines: readonly string[], what: string, firstLine = 1): string {
  const body = lines.map((line, i) => `${String(i + firstLine).padStart(6)}\t${line}`).join('\n');
  const { text } = truncateMiddle(body, { limit: MAX_RESPONSE_CHARS, notice: FILE_CLIPPED_NOTICE });
  return `Here's the result of running \`cat -n\` on ${what}:\n${text}\n`;
}
