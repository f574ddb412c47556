import { open, stat, unlink } from 'node:fs/promises';

/** How long {@link lockFile} waits for another holder before giving up. */
const LOCK_WAIT_MS = 10_000;
/** A lock older than this was left by a process that died: it is removed. */
const STALE_LOCK_MS = 30_000;

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Takes `lockPath` (created with O_EXCL, so one holder at a time across processes), retrying with a
 * short random pause while another holds it; a lock older than 30 s is a dead holder's and is
 * removed. Gives up after 10 s with an error naming the lock file. Resolves with the release
 * function. The one lock of the grants file and the approvals inbox.
 */
export async function lockFile(lockPath: string): Promise<() => Promise<void>> {
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      const handle = await open(lockPath, 'wx', 0o600);
      try {
        await handle.writeFile(`${process.pid}\n`);
      } finally {
        await handle.close();
      }
      return () => unlink(lockPath).catch(() => undefined);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'EEXIST') throw new Error(`cannot create the lock file ${lockPath} (${code ?? String(error)})`);
    }
    try {
      if (Date.now() - (await stat(lockPath)).mtimeMs > STALE_LOCK_MS) {
        await unlink(lockPath).catch(() => undefined);
        continue;
      }
    } catch {
      continue; // released meanwhile: try again at once
    }
    if (Date.now() > deadline) {
      throw new Error(`another process has held ${lockPath} for more than ${LOCK_WAIT_MS / 1000} s; if no toolwright process is running, delete that file`);
    }
    await pause(5 + Math.floor(Math.random() * 20));
  }
}
