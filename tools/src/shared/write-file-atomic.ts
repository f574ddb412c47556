import { randomBytes } from 'node:crypto';
import { constants, promises as fsp } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/** What {@link writeFileAtomic} needs to know of an existing file. */
export interface ExistingFileInfo {
  mode: number;
  uid: number;
  gid: number;
  nlink: number;
}

/** The file-system calls {@link writeFileAtomic} makes (replaceable in tests to simulate failures). */
export interface AtomicWriteFs {
  writeFile(path: string, data: string | Uint8Array, options: { flag: string | number; mode: number }): Promise<void>;
  chmod(path: string, mode: number): Promise<void>;
  chown(path: string, uid: number, gid: number): Promise<void>;
  rename(from: string, to: string): Promise<void>;
  unlink(path: string): Promise<void>;
  stat(path: string): Promise<ExistingFileInfo>;
}

const nodeFs: AtomicWriteFs = {
  writeFile: (path, data, options) => fsp.writeFile(path, data, options),
  chmod: (path, mode) => fsp.chmod(path, mode),
  chown: (path, uid, gid) => fsp.chown(path, uid, gid),
  rename: (from, to) => fsp.rename(from, to),
  unlink: (path) => fsp.unlink(path),
  stat: (path) => fsp.stat(path),
};

/** The flags of an in-place write: truncate the file that is there, never create one, never follow a symbolic link. */
const IN_PLACE_FLAGS = constants.O_WRONLY | constants.O_TRUNC | constants.O_NOFOLLOW;

/** Set-user-ID and set-group-ID: dropped when the content changes, as the kernel and editors do. */
const SETID_BITS = 0o6000;

/** How {@link writeFileAtomic} wrote the file. */
export type WriteMethod = 'created' | 'replaced' | 'in-place';

/**
 * Writes `data` to `path` so that readers see either the old or the new content, never a part:
 * the data goes to a temporary file in the same directory, which then replaces `path` by rename.
 * An existing file keeps its permission bits (less set-user-ID and set-group-ID, dropped as on any
 * content change) and its owner and group.
 *
 * Two cases are written in place instead (truncate and write the same inode, not atomic), because
 * a rename would break what the file is: a file with several hard links (a rename would split them:
 * the other names would keep the old content), and a file whose owner this process cannot give to
 * a new file (not root, another user's file in a writable directory).
 *
 * On failure of the atomic path the temporary file is removed and the original is left as it was;
 * the error is rethrown. Neither path follows a symbolic link in the last component: the temporary
 * file is created exclusively, a rename replaces a link rather than its target, and the in-place
 * write opens with `O_NOFOLLOW`.
 */
export async function writeFileAtomic(path: string, data: string | Uint8Array, fs: AtomicWriteFs = nodeFs): Promise<WriteMethod> {
  let existing: ExistingFileInfo | undefined;
  try {
    existing = await fs.stat(path);
  } catch {
    existing = undefined; // a new file
  }
  if (existing === undefined) {
    await replaceVia(path, data, fs, undefined);
    return 'created';
  }
  const mode = existing.mode & 0o7777 & ~SETID_BITS;
  if (existing.nlink > 1) {
    await writeInPlace(path, data, fs, existing);
    return 'in-place';
  }
  const ownerKept = await replaceVia(path, data, fs, { mode, uid: existing.uid, gid: existing.gid });
  if (ownerKept) return 'replaced';
  await writeInPlace(path, data, fs, existing);
  return 'in-place';
}

/**
 * Writes a temporary file and renames it over `path`. With `keep`, the temporary file first gets the
 * mode, owner and group; when the owner cannot be given (EPERM), nothing is renamed and false is returned.
 */
async function replaceVia(path: string, data: string | Uint8Array, fs: AtomicWriteFs, keep: { mode: number; uid: number; gid: number } | undefined): Promise<boolean> {
  const temp = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    await fs.writeFile(temp, data, { flag: 'wx', mode: keep?.mode ?? 0o666 });
    if (keep) {
      const mine = await fs.stat(temp);
      if (mine.uid !== keep.uid || mine.gid !== keep.gid) {
        try {
          await fs.chown(temp, keep.uid, keep.gid);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'EPERM') throw error;
          await fs.unlink(temp).catch(() => undefined);
          return false;
        }
      }
      await fs.chmod(temp, keep.mode); // after chown, which clears set-id bits on its own
    }
    await fs.rename(temp, path);
    return true;
  } catch (error) {
    await fs.unlink(temp).catch(() => undefined);
    throw error;
  }
}

async function writeInPlace(path: string, data: string | Uint8Array, fs: AtomicWriteFs, existing: ExistingFileInfo): Promise<void> {
  if ((existing.mode & SETID_BITS) !== 0) await fs.chmod(path, existing.mode & 0o7777 & ~SETID_BITS); // before the new content is there
  await fs.writeFile(path, data, { flag: IN_PLACE_FLAGS, mode: existing.mode & 0o7777 });
}
