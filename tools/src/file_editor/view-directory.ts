import type { Dirent } from 'node:fs';
import { opendir } from 'node:fs/promises';
import { join } from 'node:path';
import { truncateMiddle } from '../shared/truncate-middle.js';
import { DIRECTORY_CLIPPED_NOTICE, MAX_RESPONSE_CHARS } from './cat-n.js';

/** Entries read per directory: far more than a clipped listing can show, few enough to bound a directory of millions. */
export const MAX_DIRECTORY_ENTRIES = 2_000;

/** Past this many lines, subdirectories are no longer read (the listing is clipped to 16,000 characters anyway). */
const MAX_LISTED_LINES = 20_000;

interface Listing {
  /** Up to {@link MAX_DIRECTORY_ENTRIES} entries, by name. */
  list: Dirent[];
  /** True when the directory has more entries than were read. */
  more: boolean;
}

async function entries(dir: string): Promise<Listing> {
  const list: Dirent[] = [];
  let more = false;
  for await (const entry of await opendir(dir, { bufferSize: 256 })) {
    if (list.length === MAX_DIRECTORY_ENTRIES) {
      more = true;
      break; // leaving the loop closes the directory
    }
    list.push(entry);
  }
  list.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return { list, more };
}

/**
 * The directory two levels deep (directories end with `/`), hidden entries left out and the
 * hidden entries of the directory itself counted, clipped to the response limit. At most
 * {@link MAX_DIRECTORY_ENTRIES} entries are read per directory, so the work is bounded.
 */
export async function viewDirectory(real: string, shown: string): Promise<string> {
  const { list: top, more } = await entries(real);
  const hidden = top.filter((e) => e.name.startsWith('.')).length;
  const lines = [`${shown.replace(/\/$/, '')}/`];
  for (const entry of top) {
    if (entry.name.startsWith('.')) continue;
    const path = join(shown, entry.name);
    if (!entry.isDirectory()) {
      lines.push(path);
      continue;
    }
    lines.push(`${path}/`);
    if (lines.length > MAX_LISTED_LINES) continue; // far past what the clipped listing shows: no more reads
    const children = await entries(join(real, entry.name)).catch(() => ({ list: [], more: false }));
    for (const child of children.list) if (!child.name.startsWith('.')) lines.push(join(path, child.name) + (child.isDirectory() ? '/' : ''));
  }
  let text = `Here's the files and directories up to 2 levels deep in ${shown}, excluding hidden items:\n${lines.join('\n')}`;
  if (hidden > 0) text += `\n\n${hidden} hidden files/directories in this directory are excluded. You can use 'ls -la ${shown}' to see them.`;
  if (more) text += `\n\nThis directory has more than ${MAX_DIRECTORY_ENTRIES} entries; only ${MAX_DIRECTORY_ENTRIES} were read (not the first by name). Use \`ls\` with a pattern, or glob, to find what you need.`;
  return truncateMiddle(text, { limit: MAX_RESPONSE_CHARS, notice: DIRECTORY_CLIPPED_NOTICE }).text;
}
