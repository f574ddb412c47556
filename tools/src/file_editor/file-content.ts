import { readFile, stat } from 'node:fs/promises';
import { extname } from 'node:path';
import { editorError } from './editor-error.js';

/** Image types `view` returns as image content, by extension. */
export const IMAGE_TYPES: Readonly<Record<string, string>> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.bmp': 'image/bmp',
};

/** Bytes looked at for a NUL when deciding a file is binary. */
const BINARY_PROBE = 8_192;

/** The image MIME type of `path` by its extension, if it is one. */
export function imageTypeOf(path: string): string | undefined {
  return IMAGE_TYPES[extname(path).toLowerCase()];
}

/** Throws when the file is larger than `maxBytes` (the message gives both sizes). */
export async function checkSize(path: string, shown: string, maxBytes: number): Promise<void> {
  const { size } = await stat(path);
  if (size > maxBytes) {
    const mb = (n: number): string => (n / 1024 / 1024).toFixed(1);
    throw editorError(`File validation failed for ${shown}: the file is too large (${mb(size)} MB); the largest file this tool opens is ${mb(maxBytes)} MB. Use terminal commands (head, tail, grep -n, sed -n) to work with it.`);
  }
}

/**
 * The file's text, after the size check. Refuses binary files (a NUL byte near the start, or bytes
 * that are not UTF-8), which this tool can neither show nor edit safely.
 */
export async function readText(path: string, shown: string, maxBytes: number): Promise<string> {
  await checkSize(path, shown, maxBytes);
  const data = await readFile(path);
  const nul = data.subarray(0, BINARY_PROBE).indexOf(0);
  let text: string | undefined;
  if (nul === -1) {
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(data);
    } catch {
      text = undefined;
    }
  }
  if (text === undefined) {
    throw editorError(`File validation failed for ${shown}: the file appears to be binary (or not UTF-8 text), and this tool can only view and edit text files.`);
  }
  return text;
}

/** The lines of `text` without their terminators (a final newline does not start another line). */
export function linesOf(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}
