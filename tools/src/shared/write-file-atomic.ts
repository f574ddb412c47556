import { randomBytes } from 'node:crypto';
import { promises as fsp } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/** The file-system calls {@link writeFileAtomic} makes (replaceable in tests to simulate failures). */
export interface AtomicWriteFs {
  writeFile(path: string, data: string | Uint8Array, options: { flag: string; mode: number }): Promise<void>;
  chmod(path: string, mode: number): Promise<void>;
  rename(from: string, to: string): Promise<void>;
  unlink(path: string): Promise<void>;
  stat(path: string): Promise<{ mode: number }>;
}

const nodeFs: AtomicWriteFs = {
  writeFile: (path, data, options) => fsp.writeFile(path, data, options),
  chmod: (path, mode) => fsp.chmod(path, mode),
  rename: (from, to) => fsp.rename(from, to),
  unlink: (path) => fsp.unlink(path),
  stat: (path) => fsp.stat(path),
};

/**
 * Writes `data` to `path` so that readers see either the old or the new content, never a part:
 * the data goes to a temporary file in the same directory, which then replaces `path` by rename.
 * An existing file's permission bits are kept. On failure the temporary file is removed and the
 * original is left as it was; the error is rethrown.
 */
export async function writeFileAtomic(path: string, data: string | Uint8Array, fs: AtomicWriteFs = nodeFs): Promise<void> {
  let mode: number | undefined;
  try {
    mode = (await fs.stat(path)).mode & 0o7777;
  } catch {
    mode = undefined; // a new file
  }
  const temp = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    await fs.writeFile(temp, data, { flag: 'wx', mode: mode ?? 0o666 });
    if (mode !== undefined) await fs.chmod(temp, mode);
    await fs.rename(temp, path);
  } catch (error) {
    await fs.unlink(temp).catch(() => undefined);
    throw error;
  }
}
