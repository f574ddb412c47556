import { constants, watch as watchDirectory } from 'node:fs';
import type { FSWatcher } from 'node:fs';
import { lstat, mkdir, open, readdir, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { join } from 'node:path';
import type { ApprovalAnswer } from '../approval-answer.js';
import type { ApprovalInbox, InboxEntry, InboxFilter, InboxSource } from '../approval-inbox.js';
import type { ApprovalRequest } from '../approval-request.js';
import { inboxAnswerRefusal } from './inbox-answer-refusal.js';
import { INBOX_ID_PATTERN, inboxBinding, newInboxId } from './inbox-binding.js';
import { checkedInboxEntry } from './inbox-entry-problem.js';
import { lockFile } from '../../util/lock-file.js';

/** Options of a {@link FileApprovalInbox}. */
export interface FileApprovalInboxOptions {
  /** How often waiting calls and watchers look at the directory again, in ms (default 250); changes the platform reports (`fs.watch`) are seen at once. */
  pollMs?: number;
  /** Most entries the directory holds (default 1000): when full, the oldest answered or withdrawn ones are removed; when all are pending, posting is refused. */
  maxEntries?: number;
  /** Largest entry file read or written, in bytes (default 256 KiB); larger files are refused. */
  maxEntryBytes?: number;
  /** Told about files in the directory that are not valid entries (they are skipped by `list` and `watch`). */
  onProblem?: (message: string) => void;
}

const ENTRY_FILE = /^([A-Za-z0-9_-]{22})\.json$/;
const LOCK_FILE = '.lock';

/** An error of the file inbox, naming the directory. */
function inboxError(dir: string, problem: string): Error {
  return new Error(`approvals inbox ${dir}: ${problem}`);
}

/** True unless the process `pid` is known to be gone (a pid of another user's process counts as alive). */
function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** True when `entry` is pending but the process that parked it ran on this host and is gone. */
function ownerGone(entry: InboxEntry): boolean {
  if (entry.state !== 'pending') return false;
  const match = /^(.*):(\d+)$/.exec(entry.source.process);
  if (!match || match[1] !== hostname()) return false;
  const pid = Number(match[2]);
  return Number.isSafeInteger(pid) && pid > 0 && pid !== process.pid && !pidAlive(pid);
}

/**
 * The default {@link ApprovalInbox}: one JSON file per entry (`<id>.json`, mode 0600) in a directory
 * of its own (mode 0700; the CLI's is `.toolwright/inbox/`). Safe across processes: every change is
 * a read-check-write under the directory's lock file (`.lock`, created exclusively, the grants
 * file's scheme), written to a temporary file and renamed, so readers never see half an entry and
 * of two answers racing exactly one is kept. The files are treated as hostile: symbolic links are
 * not followed, sizes are capped, and every file is checked as an entry on read (bad ones are
 * skipped by `list`, named by `get`). A pending entry whose process (on this host) is gone reads as
 * `withdrawn`.
 */
export class FileApprovalInbox implements ApprovalInbox {
  private readonly pollMs: number;
  private readonly maxEntries: number;
  private readonly maxEntryBytes: number;
  private readonly listeners = new Set<(entry: InboxEntry) => void>();
  private readonly wakers = new Set<() => void>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private watcher?: FSWatcher;
  private scanTimer?: NodeJS.Timeout;
  private seen?: Map<string, string>;
  private watchSince = 0;
  private scanning = false;
  /** Counts changes seen (here or reported by the platform), so a waiter notices one that came while it was reading. */
  private changes = 0;
  private activeWaits = 0;
  private closed = false;

  constructor(
    /** The inbox directory (created on first use). */
    readonly dir: string,
    private readonly options: FileApprovalInboxOptions = {},
  ) {
    this.pollMs = options.pollMs ?? 250;
    this.maxEntries = options.maxEntries ?? 1000;
    this.maxEntryBytes = options.maxEntryBytes ?? 256 * 1024;
  }

  async post(request: ApprovalRequest, source: InboxSource, conversationId?: string): Promise<InboxEntry> {
    this.assertOpen();
    const draft: InboxEntry = { id: newInboxId(), request, ...(conversationId === undefined ? {} : { conversationId }), source, createdAt: new Date().toISOString(), binding: '', state: 'pending' };
    // Stored and bound as its JSON: what a reader of the file sees is what the binding covers.
    const entry = checkedInboxEntry(JSON.parse(JSON.stringify(draft)), 'the entry to post');
    entry.binding = inboxBinding(entry);
    const text = `${JSON.stringify(entry)}\n`;
    if (Buffer.byteLength(text) > this.maxEntryBytes) throw inboxError(this.dir, `the approval request of tool '${request.toolName}' is ${Buffer.byteLength(text)} bytes as JSON, more than the inbox's limit of ${this.maxEntryBytes}`);
    await this.locked(async () => {
      await this.makeRoom();
      await this.writeEntry(entry.id, text);
    });
    this.wake();
    return entry;
  }

  async list(filter: InboxFilter = {}): Promise<InboxEntry[]> {
    this.assertOpen();
    const entries: InboxEntry[] = [];
    for (const id of await this.entryIds()) {
      const entry = await this.readChecked(id);
      if (!entry) continue;
      if (filter.state !== undefined && entry.state !== filter.state) continue;
      if (filter.toolName !== undefined && entry.request.toolName !== filter.toolName) continue;
      entries.push(entry);
    }
    return entries.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id));
  }

  async get(id: string): Promise<InboxEntry | undefined> {
    this.assertOpen();
    if (!INBOX_ID_PATTERN.test(id)) return undefined;
    const entry = await this.readEntry(id);
    return entry && (await this.withdrawnIfGone(entry));
  }

  async answer(id: string, binding: string, answer: ApprovalAnswer, answeredBy?: string): Promise<InboxEntry> {
    this.assertOpen();
    const updated = await this.locked(async () => {
      let entry = INBOX_ID_PATTERN.test(id) ? await this.readEntry(id) : undefined;
      if (entry && ownerGone(entry)) {
        entry = { ...entry, state: 'withdrawn' };
        await this.writeEntry(id, `${JSON.stringify(entry)}\n`);
      }
      const refusal = inboxAnswerRefusal(id, entry, binding, answer);
      if (refusal) throw new Error(refusal);
      const next: InboxEntry = { ...entry!, state: 'answered', answer: JSON.parse(JSON.stringify(answer)) as ApprovalAnswer, answeredAt: new Date().toISOString(), ...(answeredBy === undefined ? {} : { answeredBy }) };
      await this.writeEntry(id, `${JSON.stringify(next)}\n`);
      return next;
    });
    this.wake();
    return updated;
  }

  async waitForAnswer(id: string, signal?: AbortSignal): Promise<ApprovalAnswer> {
    this.assertOpen();
    // The directory watcher stays open while any call waits, so no change falls between two looks.
    this.activeWaits++;
    this.ensureWatcher();
    try {
      for (;;) {
        signal?.throwIfAborted();
        const seen = this.changes;
        let entry: InboxEntry | undefined;
        try {
          entry = await this.get(id);
        } catch {
          // A file read mid-write by a non-atomic writer, or garbled by someone: look again at the next
          // change. Nothing is taken from it meanwhile, and an answer is checked in full when it comes.
          await this.changeOrPoll(seen, signal);
          continue;
        }
        if (!entry) throw inboxError(this.dir, `there is no entry ${JSON.stringify(id)} to wait for`);
        if (entry.state === 'answered') return entry.answer!;
        if (entry.state === 'withdrawn') throw inboxError(this.dir, `entry ${JSON.stringify(id)} was withdrawn before it was answered`);
        await this.changeOrPoll(seen, signal);
      }
    } finally {
      this.activeWaits--;
      this.releaseWatcherIfIdle();
    }
  }

  async withdraw(id: string): Promise<void> {
    this.assertOpen();
    if (!INBOX_ID_PATTERN.test(id)) return;
    await this.locked(async () => {
      const entry = await this.readEntry(id);
      if (entry?.state === 'pending') await this.writeEntry(id, `${JSON.stringify({ ...entry, state: 'withdrawn' })}\n`);
    });
    this.wake();
  }

  watch(listener: (entry: InboxEntry) => void): () => void {
    this.assertOpen();
    this.listeners.add(listener);
    if (!this.scanTimer) {
      this.watchSince = Date.now();
      this.scanTimer = setInterval(() => void this.scan(), this.pollMs);
      void this.ensureDir().then(() => this.ensureWatcher(), () => undefined);
      void this.scan();
    }
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0 && this.scanTimer) {
        clearInterval(this.scanTimer);
        this.scanTimer = undefined;
        this.seen = undefined;
        this.releaseWatcherIfIdle();
      }
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    this.listeners.clear();
    if (this.scanTimer) clearInterval(this.scanTimer);
    this.scanTimer = undefined;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    for (const wake of [...this.wakers]) wake();
    this.watcher?.close();
    this.watcher = undefined;
  }

  private assertOpen(): void {
    if (this.closed) throw inboxError(this.dir, 'the inbox was closed');
  }

  /** Creates the directory (0700) when absent; refuses one that is a symbolic link or a file. */
  private async ensureDir(): Promise<void> {
    try {
      await mkdir(this.dir, { recursive: true, mode: 0o700 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw inboxError(this.dir, `cannot create the directory (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
    }
    const info = await lstat(this.dir);
    if (!info.isDirectory()) throw inboxError(this.dir, 'not a directory (a symbolic link or a file); the inbox needs a directory of its own');
  }

  private async locked<T>(work: () => Promise<T>): Promise<T> {
    await this.ensureDir();
    let release: () => Promise<void>;
    try {
      release = await lockFile(join(this.dir, LOCK_FILE));
    } catch (error) {
      throw inboxError(this.dir, (error as Error).message);
    }
    try {
      return await work();
    } finally {
      await release();
    }
  }

  /** The ids of the entry files (other names are ignored). */
  private async entryIds(): Promise<string[]> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw inboxError(this.dir, `cannot read the directory (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
    }
    return names.flatMap((name) => ENTRY_FILE.exec(name)?.[1] ?? []);
  }

  /** {@link readEntry} for `list`/`watch`: a bad file is reported and skipped. */
  private async readChecked(id: string): Promise<InboxEntry | undefined> {
    try {
      const entry = await this.readEntry(id);
      return entry && (await this.withdrawnIfGone(entry));
    } catch (error) {
      this.options.onProblem?.((error as Error).message);
      return undefined;
    }
  }

  /** The entry in `<id>.json`, or undefined when there is none; throws naming the file when it is not a valid entry. */
  private async readEntry(id: string): Promise<InboxEntry | undefined> {
    const path = join(this.dir, `${id}.json`);
    let handle;
    try {
      handle = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') return undefined;
      if (code === 'ELOOP') throw inboxError(this.dir, `${id}.json is a symbolic link; entries must be plain files`);
      throw inboxError(this.dir, `cannot read ${id}.json (${code ?? String(error)})`);
    }
    let text: string;
    try {
      const info = await handle.stat();
      if (!info.isFile()) throw inboxError(this.dir, `${id}.json is not a plain file`);
      if (info.size > this.maxEntryBytes) throw inboxError(this.dir, `${id}.json is ${info.size} bytes, more than the limit of ${this.maxEntryBytes}`);
      const buffer = Buffer.alloc(this.maxEntryBytes + 1);
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
      if (bytesRead > this.maxEntryBytes) throw inboxError(this.dir, `${id}.json is more than the limit of ${this.maxEntryBytes} bytes`);
      text = buffer.subarray(0, bytesRead).toString('utf8');
    } finally {
      await handle.close();
    }
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch (error) {
      throw inboxError(this.dir, `${id}.json is not valid JSON (${(error as Error).message})`);
    }
    const entry = checkedInboxEntry(raw, `approvals inbox ${this.dir}: ${id}.json`);
    if (entry.id !== id) throw inboxError(this.dir, `${id}.json holds the entry ${JSON.stringify(entry.id)}, not the one its name says`);
    return entry;
  }

  private async writeEntry(id: string, text: string): Promise<void> {
    const temp = join(this.dir, `.${id}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
    await writeFile(temp, text, { mode: 0o600, flag: 'wx' });
    try {
      await rename(temp, join(this.dir, `${id}.json`));
    } catch (error) {
      await unlink(temp).catch(() => undefined);
      throw inboxError(this.dir, `cannot write ${id}.json (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
    }
  }

  /** A pending entry of a process that is gone, marked withdrawn (in the file too). */
  private async withdrawnIfGone(entry: InboxEntry): Promise<InboxEntry> {
    if (!ownerGone(entry)) return entry;
    await this.withdraw(entry.id).catch(() => undefined);
    return { ...entry, state: 'withdrawn' };
  }

  /** Under the lock: when the directory is full, removes the oldest answered or withdrawn entries; refuses when all are pending. */
  private async makeRoom(): Promise<void> {
    const ids = await this.entryIds();
    if (ids.length < this.maxEntries) return;
    const done: InboxEntry[] = [];
    for (const id of ids) {
      const entry = await this.readEntry(id).catch(() => undefined);
      if (entry === undefined) await unlink(join(this.dir, `${id}.json`)).catch(() => undefined); // not an entry: it only takes room
      else if (entry.state !== 'pending' || ownerGone(entry)) done.push(entry);
    }
    done.sort((a, b) => (a.answeredAt ?? a.createdAt).localeCompare(b.answeredAt ?? b.createdAt));
    const excess = ids.length - this.maxEntries + 1;
    for (const entry of done.slice(0, excess)) await unlink(join(this.dir, `${entry.id}.json`)).catch(() => undefined);
    if (done.length < excess && (await this.entryIds()).length >= this.maxEntries) {
      throw inboxError(this.dir, `it holds ${this.maxEntries} pending entries, its limit; answer or withdraw some first`);
    }
  }

  /** Resolves at once when a change came since `seen`, else at the next one the platform reports, or after `pollMs`; rejects when `signal` aborts. */
  private changeOrPoll(seen: number, signal: AbortSignal | undefined): Promise<void> {
    this.ensureWatcher();
    if (this.changes !== seen) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const cleanup = (): void => {
        clearTimeout(timer);
        this.timers.delete(timer);
        this.wakers.delete(finish);
        signal?.removeEventListener('abort', onAbort);
      };
      const finish = (): void => {
        cleanup();
        if (this.closed) reject(inboxError(this.dir, 'the inbox was closed while a call waited for its answer'));
        else resolve();
      };
      const onAbort = (): void => {
        cleanup();
        reject(signal!.reason);
      };
      const timer = setTimeout(finish, this.pollMs);
      this.timers.add(timer);
      this.wakers.add(finish);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  /** Wakes the calls waiting in this process (a change made here). */
  private wake(): void {
    this.changes++;
    for (const wake of [...this.wakers]) wake();
  }

  /** Watches the directory for changes (where the platform can), waking waiters and scanning. */
  private ensureWatcher(): void {
    if (this.watcher || this.closed) return;
    try {
      this.watcher = watchDirectory(this.dir, { persistent: false }, () => {
        this.wake();
        if (this.scanTimer) void this.scan();
      });
      this.watcher.on('error', () => {
        this.watcher?.close();
        this.watcher = undefined;
      });
    } catch {
      this.watcher = undefined; // no directory yet, or no watching here: polling alone
    }
  }

  private releaseWatcherIfIdle(): void {
    if (this.activeWaits === 0 && !this.scanTimer) {
      this.watcher?.close();
      this.watcher = undefined;
    }
  }

  /**
   * One look at the directory for `watch`: entries whose file changed since the last look (or,
   * on the first look, since the watch began) are read and given to the listeners.
   */
  private async scan(): Promise<void> {
    const since = this.watchSince;
    if (this.scanning || this.closed || this.listeners.size === 0) return;
    this.scanning = true;
    try {
      const first = this.seen === undefined;
      const seen = this.seen ?? new Map<string, string>();
      const next = new Map<string, string>();
      for (const id of await this.entryIds().catch(() => [])) {
        const info = await stat(join(this.dir, `${id}.json`)).catch(() => undefined);
        if (!info) continue;
        const key = `${info.ino}:${info.mtimeMs}:${info.size}`;
        next.set(id, key);
        if (seen.get(id) === key || (first && info.mtimeMs < since - 5)) continue;
        const entry = await this.readChecked(id);
        if (entry) for (const listener of [...this.listeners]) listener(entry);
      }
      if (!this.closed && this.listeners.size > 0) this.seen = next;
    } finally {
      this.scanning = false;
    }
  }
}
