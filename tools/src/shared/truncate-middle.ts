import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The most saved full outputs kept per directory and prefix; older ones are removed (disk use stays bounded). */
export const MAX_SAVED_OUTPUTS = 50;

/** Options of {@link truncateMiddle}. */
export interface TruncateMiddleOptions {
  /** The most characters the result may have. */
  limit: number;
  /** The marker put where text was cut (without a saved file). */
  notice: string;
  /** When set, the full text is saved in this directory and the marker names the file. */
  saveDir?: string;
  /** File name prefix of the saved text (e.g. `terminal`). */
  savePrefix?: string;
}

/** What {@link truncateMiddle} produced. */
export interface TruncateMiddleResult {
  /** The text as the model should see it. */
  text: string;
  /** True when the middle was cut. */
  truncated: boolean;
  /** The file holding the full text, when it was saved. */
  savedPath?: string;
}

/**
 * Keeps the head and the tail of `text` within `limit` characters, with a marker where the middle
 * was cut. With `saveDir`, the full text goes to a file (named by its hash, so the same output is
 * written once) and the marker gives its path and the line where the cut starts.
 */
export function truncateMiddle(text: string, options: TruncateMiddleOptions): TruncateMiddleResult {
  const { limit } = options;
  if (text.length <= limit) return { text, truncated: false };
  let notice = options.notice;
  let savedPath: string | undefined;
  if (options.saveDir !== undefined) {
    savedPath = saveFullText(text, options.saveDir, options.savePrefix ?? 'output');
    if (savedPath !== undefined) {
      const headGuess = Math.ceil((limit - notice.length) / 2);
      const line = text.slice(0, headGuess).split('\n').length;
      notice =
        `\n<response clipped><NOTE>The output was too long (${text.length} characters), so its middle was cut. ` +
        `The full output is saved in ${savedPath}; the cut starts around line ${line}. Read that file with other tools to see everything.</NOTE>\n`;
    }
  }
  if (notice.length >= limit) return { text: notice.slice(0, limit), truncated: true, savedPath };
  const room = limit - notice.length;
  const head = Math.ceil(room / 2);
  const tail = room - head;
  return { text: text.slice(0, head) + notice + (tail > 0 ? text.slice(text.length - tail) : ''), truncated: true, savedPath };
}

function saveFullText(text: string, dir: string, prefix: string): string | undefined {
  const hash = createHash('sha256').update(text).digest('hex').slice(0, 12);
  const path = join(dir, `${prefix}_output_${hash}.txt`);
  try {
    mkdirSync(dir, { recursive: true });
    writeFileSync(path, text, { encoding: 'utf8', flag: 'w' });
    pruneSaved(dir, `${prefix}_output_`, path);
    return path;
  } catch {
    return undefined;
  }
}

/** Removes the oldest files named `<start>…` in `dir` beyond {@link MAX_SAVED_OUTPUTS}, never `keep`. */
function pruneSaved(dir: string, start: string, keep: string): void {
  const saved = readdirSync(dir).filter((name) => name.startsWith(start));
  if (saved.length <= MAX_SAVED_OUTPUTS) return;
  const byAge = saved
    .map((name) => ({ path: join(dir, name), mtime: statSync(join(dir, name), { throwIfNoEntry: false })?.mtimeMs ?? 0 }))
    .filter((entry) => entry.path !== keep)
    .sort((a, b) => a.mtime - b.mtime);
  for (const entry of byAge.slice(0, saved.length - MAX_SAVED_OUTPUTS)) {
    try {
      unlinkSync(entry.path);
    } catch {
      // gone already
    }
  }
}
