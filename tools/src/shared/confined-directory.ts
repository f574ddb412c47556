import { constants, existsSync, promises as fsp } from 'node:fs';
import { isAbsolute, relative, sep } from 'node:path';

const { O_DIRECTORY, O_NOFOLLOW, O_RDONLY } = constants;

/** True where `/proc/self/fd/<fd>` names an open directory itself (Linux): the base of {@link ConfinedDirectory}. */
export const ANCHORED_PATHS = process.platform === 'linux' && existsSync('/proc/self/fd');

/** A write refused because the path changed under the tool (a directory swapped for a symbolic link). */
export class ConfinementError extends Error {
  override readonly name = 'ConfinementError';
}

function inside(root: string, child: string): boolean {
  const rel = relative(root, child);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
}

function errnoOf(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException).code;
}

/**
 * A directory inside a root, opened once by walking from the root one component at a time with
 * `O_NOFOLLOW` (the `openat` walk Node lacks, done through `/proc/self/fd/<fd>/<name>`): a
 * component that is a symbolic link by the time it is opened is refused, so swapping a directory
 * for a link between a check and a write cannot lead the write outside the root. Entries are then
 * named through the descriptor ({@link ConfinedDirectory.entry}), which stays on the directory that
 * was opened whatever happens to the names above it; {@link ConfinedDirectory.checkInside} looks
 * where that directory is now (a directory renamed out of the root is caught after the write).
 *
 * Where `/proc/self/fd` does not exist (not Linux), entries are plain paths and only
 * {@link ConfinedDirectory.checkInside}'s check-after-write guards (by `realpath`).
 */
export class ConfinedDirectory {
  private constructor(
    private readonly root: string,
    private readonly dir: string,
    private handle: fsp.FileHandle | undefined,
  ) {}

  private get fd(): number | undefined {
    return this.handle?.fd;
  }

  /**
   * Opens `dir` (a real path inside the real path `root`), creating missing directories when
   * `create` is set; throws {@link ConfinementError} when a component is a symbolic link or not a
   * directory, or `dir` is not inside `root`.
   */
  static async open(root: string, dir: string, options: { create: boolean }): Promise<ConfinedDirectory> {
    if (!inside(root, dir)) throw new ConfinementError(`${dir} is not inside ${root}`);
    if (!ANCHORED_PATHS) {
      if (options.create) await fsp.mkdir(dir, { recursive: true });
      return new ConfinedDirectory(root, dir, undefined);
    }
    let handle = await fsp.open(root, O_RDONLY | O_DIRECTORY);
    try {
      let walked = root;
      for (const name of relative(root, dir).split(sep).filter((part) => part !== '')) {
        walked = `${walked}${sep}${name}`;
        const next = await openComponent(handle.fd, name, walked, options.create);
        await handle.close();
        handle = next;
      }
    } catch (error) {
      await handle.close();
      throw error;
    }
    return new ConfinedDirectory(root, dir, handle);
  }

  /** The path of the directory itself: through the descriptor where that is possible. */
  get path(): string {
    return this.fd === undefined ? this.dir : `/proc/self/fd/${this.fd}`;
  }

  /** The path of `name` in this directory: through the descriptor where that is possible. */
  entry(name: string): string {
    if (name.includes('/') || name === '' || name === '.' || name === '..') throw new ConfinementError(`'${name}' is not a name in a directory`);
    return this.fd === undefined ? `${this.dir}${sep}${name}` : `/proc/self/fd/${this.fd}/${name}`;
  }

  /** Where the opened directory is now (its real path). */
  async location(): Promise<string> {
    return this.fd === undefined ? fsp.realpath(this.dir) : fsp.readlink(`/proc/self/fd/${this.fd}`);
  }

  /** Throws {@link ConfinementError} when the opened directory is no longer inside the root (moved out since). */
  async checkInside(): Promise<void> {
    const now = await this.location();
    if (!inside(this.root, now)) throw new ConfinementError(`the directory ${this.dir} was moved to ${now}, outside ${this.root}`);
  }

  /** Throws {@link ConfinementError} when `name` exists and is a symbolic link. */
  async refuseLink(name: string): Promise<void> {
    const info = await fsp.lstat(this.entry(name)).catch((error: unknown) => {
      if (errnoOf(error) === 'ENOENT') return undefined;
      throw error;
    });
    if (info?.isSymbolicLink()) throw new ConfinementError(`${this.dir}${sep}${name} is a symbolic link now (it was not when the path was checked)`);
  }

  /** Closes the descriptor. */
  async close(): Promise<void> {
    const handle = this.handle;
    this.handle = undefined;
    await handle?.close();
  }
}

/** Opens `name` in the directory `dirFd` without following a link, creating it first when asked. */
async function openComponent(dirFd: number, name: string, walked: string, create: boolean): Promise<fsp.FileHandle> {
  const path = `/proc/self/fd/${dirFd}/${name}`;
  for (let attempt = 0; ; attempt++) {
    try {
      return await fsp.open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW);
    } catch (error) {
      const code = errnoOf(error);
      if (code === 'ELOOP' || code === 'ENOTDIR') {
        // Linux answers O_DIRECTORY | O_NOFOLLOW on a link with ENOTDIR.
        const link = await fsp.lstat(path).then((info) => info.isSymbolicLink(), () => false);
        throw new ConfinementError(link || code === 'ELOOP' ? `${walked} is a symbolic link now (it was not when the path was checked)` : `${walked} is not a directory`);
      }
      if (code !== 'ENOENT' || !create || attempt > 0) throw error;
    }
    // mkdir does not follow a link in its last component (a link planted meanwhile gives EEXIST, then ELOOP above).
    await fsp.mkdir(path).catch((error: unknown) => {
      if (errnoOf(error) !== 'EEXIST') throw error;
    });
  }
}
