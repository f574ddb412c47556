import type { Dirent } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { truncateMiddle } from '../shared/truncate-middle.js';
import { DIRECTORY_CLIPPED_NOTICE, MAX_RESPONSE_CHARS } from './cat-n.js';

async function entries(dir: string): Promise<Dirent[]> {
  const list = await readdir(dir, { withFileTypes: true });
  return list.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/**
 * The directory two levels deep (directories end with `/`), hidden entries left out and the
 * hidden entries of the directory itself counted, clipped to the response limit.
 */
export async function viewDirectory(real: string, shown: string): Promise<string> {
  const top = await entries(real);
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
    const children = await entries(join(real, entry.name)).catch(() => []);
    for (const child of children) if (!child.name.startsWith('.')) lines.push(join(path, child.name) + (child.isDirectory() ? '/' : ''));
  }
  let text = `Here's the files and directories up to 2 levels deep in ${shown}, excluding hidden items:\n${lines.join('\n')}`;
  if (hidden > 0) text += `\n\n${hidden} hidden files/directories in this directory are excluded. You can use 'ls -la ${shown}' to see them.`;
  return truncateMiddle(text, { limit: MAX_RESPONSE_CHARS, notice: DIRECTORY_CLIPPED_NOTICE }).text;
}
