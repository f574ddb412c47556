import { constants } from 'node:fs';
import { open } from 'node:fs/promises';

/** What {@link readRegularFile} found. */
export type RegularFileRead =
  | { kind: 'ok'; data: Buffer }
  | { kind: 'not-regular'; type: FileType }
  | { kind: 'too-large'; size: number };

/** The kinds of file system entries that are not regular files. */
export type FileType = 'directory' | 'FIFO (named pipe)' | 'character device' | 'block device' | 'socket' | 'special file';

/** Flags that never block or adopt a terminal on open: a FIFO opens at once, a tty does not become ours. */
const OPEN_FLAGS = constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOCTTY;

/** Options of {@link readRegularFile}. */
export interface ReadRegularFileOptions {
  /** Refuse (ELOOP) when the last component is a symbolic link, instead of reading its target. */
  noFollow?: boolean;
}

/**
 * Reads a file only when it is a regular file, decided on the opened descriptor (so a path swapped
 * between a check and the open cannot slip a FIFO or a device in): the file is opened non-blocking,
 * `fstat`ed, and read up to `maxBytes` (a file that grows past it while being read is too large too).
 */
export async function readRegularFile(path: string, maxBytes: number, options: ReadRegularFileOptions = {}): Promise<RegularFileRead> {
  const handle = await open(path, options.noFollow === true ? OPEN_FLAGS | constants.O_NOFOLLOW : OPEN_FLAGS);
  try {
    const info = await handle.stat();
    if (!info.isFile()) return { kind: 'not-regular', type: typeOf(info) };
    if (info.size > maxBytes) return { kind: 'too-large', size: info.size };
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const room = Math.min(Math.max(info.size - total, 0) + 65_536, maxBytes + 1 - total);
      if (room <= 0) return { kind: 'too-large', size: total };
      const buffer = Buffer.allocUnsafe(room);
      const { bytesRead } = await handle.read(buffer, 0, room, null);
      if (bytesRead === 0) break;
      chunks.push(buffer.subarray(0, bytesRead));
      total += bytesRead;
    }
    if (total > maxBytes) return { kind: 'too-large', size: total };
    return { kind: 'ok', data: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, total) };
  } finally {
    await handle.close();
  }
}

function typeOf(info: { isDirectory(): boolean; isFIFO(): boolean; isCharacterDevice(): boolean; isBlockDevice(): boolean; isSocket(): boolean }): FileType {
  if (info.isDirectory()) return 'directory';
  if (info.isFIFO()) return 'FIFO (named pipe)';
  if (info.isCharacterDevice()) return 'character device';
  if (info.isBlockDevice()) return 'block device';
  if (info.isSocket()) return 'socket';
  return 'special file';
}
