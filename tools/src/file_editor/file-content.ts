import { extname } from 'node:path';
import { readRegularFile } from '../shared/read-regular-file.js';
import type { ReadRegularFileOptions } from '../shared/read-regular-file.js';
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

const mb = (n: number): string => (n / 1024 / 1024).toFixed(1);

/** The error for content over the size limit (`what`: "the file", "the new content"). */
export function tooLargeError(shown: string, size: number, maxBytes: number, what = 'the file'): Error {
  return editorError(
    `File validation failed for ${shown}: ${what} is too large (${mb(size)} MB); the largest file this tool opens is ${mb(maxBytes)} MB. Use terminal commands (head, tail, grep -n, sed -n) to work with it.`,
  );
}

/**
 * The bytes of a regular file of at most `maxBytes`. Anything else (a FIFO, a device, a socket),
 * decided on the opened descriptor, and a file over the limit are errors the model can act on.
 */
export async function readBytes(path: string, shown: string, maxBytes: number, options: ReadRegularFileOptions = {}): Promise<Buffer> {
  const read = await readRegularFile(path, maxBytes, options);
  if (read.kind === 'too-large') throw tooLargeError(shown, read.size, maxBytes);
  if (read.kind === 'not-regular') {
    throw editorError(`File validation failed for ${shown}: it is a ${read.type}, not a regular file, and this tool only views and edits regular files.`);
  }
  return read.data;
}

/**
 * The file's text (see {@link readBytes}). Refuses binary files (a NUL byte near the start, or bytes
 * that are not UTF-8), which this tool can neither show nor edit safely.
 */
export async function readText(path: string, shown: string, maxBytes: number, options: ReadRegularFileOptions = {}): Promise<string> {
  const data = await readBytes(path, shown, maxBytes, options);
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

/** Throws when `text` would make a file over `maxBytes` (an edit or a create must not write what the tool could not open). */
export function checkNewContentSize(text: string, shown: string, maxBytes: number): void {
  if (text.length <= maxBytes / 3) return; // at most 3 UTF-8 bytes per UTF-16 unit: surely within
  const size = Buffer.byteLength(text);
  if (size > maxBytes) throw tooLargeError(shown, size, maxBytes, 'the new content');
}

/** The lines of `text` without their terminators (a final newline does not start another line). */
export function linesOf(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}
