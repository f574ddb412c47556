import type * as PgTypes from 'pg';
import type { Client, Notification, Pool, PoolClient } from 'pg';
import { checkedInboxEntry, inboxAnswerRefusal, inboxBinding, INBOX_ID_PATTERN, newInboxId } from '@toolwright/sdk/policy';
import type { ApprovalAnswer, ApprovalInbox, ApprovalRequest, InboxEntry, InboxFilter, InboxSource } from '@toolwright/sdk/policy';
import { redactedUrl } from './redacted-url.js';

/** Options of {@link PostgresApprovalInbox.connect}. */
export interface PostgresApprovalInboxOptions {
  /** The table (created when absent; default `toolwright_approval_inbox`); also names the LISTEN/NOTIFY channel. */
  table?: string;
  /** How often a waiting call looks at its entry again besides notifications, in ms (default 1000): covers a notification lost while the listening connection reconnects. */
  pollMs?: number;
  /** Most entries `list` returns (default 1000, newest first). */
  maxList?: number;
  /** Largest entry stored, in bytes of JSON (default 256 KiB). */
  maxEntryBytes?: number;
  /** Told about rows that are not valid entries (skipped by `list` and `watch`) and about the listening connection's errors. */
  onProblem?: (message: string) => void;
}

const TABLE_NAME = /^[a-z_][a-z0-9_]{0,62}$/;
/** The advisory lock that serialises creating the table (replicas starting together). */
const SCHEMA_LOCK = 7_341_170_029;

type PgModule = typeof PgTypes;

/** Loads `pg` (an optional peer dependency of the CLI), saying how to install it when absent. */
async function loadPg(): Promise<PgModule> {
  try {
    const loaded = (await import('pg')) as PgModule & { default?: PgModule };
    return loaded.default ?? loaded;
  } catch (error) {
    throw new Error(`--inbox postgres://… needs the package 'pg' (an optional peer dependency of @toolwright/cli): npm install pg (${(error as Error).message})`);
  }
}

/**
 * The {@link ApprovalInbox} for replicated `serve --http`: entries live in one PostgreSQL table
 * (created if absent), so a call parked on replica A is answered from replica B (or `toolwright
 * approvals`). An answer is applied once, by `UPDATE … WHERE state = 'pending' AND binding = $2`:
 * of two answers at once exactly one changes the row. Changes are announced with NOTIFY on a
 * channel named after the table; waiting calls LISTEN and also look again every `pollMs`. A
 * pending entry whose process's listening connection is gone (the process died) reads as
 * withdrawn. Rows are checked as entries on read (a row written by hand is not trusted).
 */
export class PostgresApprovalInbox implements ApprovalInbox {
  private readonly listeners = new Set<(entry: InboxEntry) => void>();
  private readonly wakers = new Map<string, Set<() => void>>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private listener?: Client;
  private ownerPid?: number;
  private reconnecting?: Promise<void>;
  private closed = false;

  private constructor(
    private readonly pg: PgModule,
    private readonly pool: Pool,
    private readonly url: string,
    private readonly table: string,
    private readonly options: PostgresApprovalInboxOptions,
  ) {}

  /** Connects, creates the table when absent and starts listening. Errors name the URL without its password. */
  static async connect(url: string, options: PostgresApprovalInboxOptions = {}): Promise<PostgresApprovalInbox> {
    const table = options.table ?? 'toolwright_approval_inbox';
    if (!TABLE_NAME.test(table)) throw new Error(`approvals inbox table: expected a lower-case SQL name (letters, digits, _), got '${table.slice(0, 80)}'`);
    const pg = await loadPg();
    const pool = new pg.Pool({ connectionString: url, max: 4 });
    pool.on('error', (error) => options.onProblem?.(`approvals inbox ${redactedUrl(url)}: ${error.message}`));
    const inbox = new PostgresApprovalInbox(pg, pool, url, table, options);
    try {
      await inbox.createTable();
      await inbox.listen();
    } catch (error) {
      await inbox.close();
      throw new Error(`approvals inbox ${redactedUrl(url)}: ${(error as Error).message}`);
    }
    return inbox;
  }

  /** The URL without its password, for messages. */
  get location(): string {
    return redactedUrl(this.url);
  }

  async post(request: ApprovalRequest, source: InboxSource, conversationId?: string): Promise<InboxEntry> {
    this.assertOpen();
    const draft: InboxEntry = { id: newInboxId(), request, ...(conversationId === undefined ? {} : { conversationId }), source, createdAt: new Date().toISOString(), binding: '', state: 'pending' };
    const entry = checkedInboxEntry(JSON.parse(JSON.stringify(draft)), 'the entry to post');
    entry.binding = inboxBinding(entry);
    const text = JSON.stringify(entry);
    const limit = this.options.maxEntryBytes ?? 256 * 1024;
    if (Buffer.byteLength(text) > limit) throw this.error(`the approval request of tool '${request.toolName}' is ${Buffer.byteLength(text)} bytes as JSON, more than the inbox's limit of ${limit}`);
    await this.pool.query(
      `WITH row AS (INSERT INTO ${this.table} (id, state, tool_name, binding, created_at, owner_pid, entry) VALUES ($1, 'pending', $2, $3, $4, $5, $6::jsonb) RETURNING id)
       SELECT pg_notify($7, id) FROM row`,
      [entry.id, entry.request.toolName, entry.binding, entry.createdAt, this.ownerPid ?? null, text, this.table],
    );
    return entry;
  }

  async list(filter: InboxFilter = {}): Promise<InboxEntry[]> {
    this.assertOpen();
    await this.withdrawOrphans();
    const { rows } = await this.pool.query<{ id: string; entry: unknown }>(
      `SELECT id, entry FROM ${this.table} WHERE ($1::text IS NULL OR state = $1) AND ($2::text IS NULL OR tool_name = $2) ORDER BY created_at DESC, id LIMIT $3`,
      [filter.state ?? null, filter.toolName ?? null, this.options.maxList ?? 1000],
    );
    return rows.flatMap((row) => this.checkedRow(row) ?? []);
  }

  async get(id: string): Promise<InboxEntry | undefined> {
    this.assertOpen();
    if (!INBOX_ID_PATTERN.test(id)) return undefined;
    await this.withdrawOrphans(id);
    const { rows } = await this.pool.query<{ id: string; entry: unknown }>(`SELECT id, entry FROM ${this.table} WHERE id = $1`, [id]);
    if (rows.length === 0) return undefined;
    return this.entryOf(rows[0]!);
  }

  async answer(id: string, binding: string, answer: ApprovalAnswer, answeredBy?: string): Promise<InboxEntry> {
    this.assertOpen();
    const entry = await this.get(id);
    const refusal = inboxAnswerRefusal(id, entry, binding, answer);
    if (refusal) throw new Error(refusal);
    const patch = { state: 'answered', answer: JSON.parse(JSON.stringify(answer)) as ApprovalAnswer, answeredAt: new Date().toISOString(), ...(answeredBy === undefined ? {} : { answeredBy }) };
    // Applied once: only a row still pending, with this binding and the entry as it was checked, changes.
    const { rows } = await this.pool.query<{ entry: unknown }>(
      `WITH row AS (UPDATE ${this.table} SET state = 'answered', entry = entry || $3::jsonb WHERE id = $1 AND state = 'pending' AND binding = $2 AND entry = $4::jsonb RETURNING id, entry)
       SELECT entry, pg_notify($5, id) FROM row`,
      [id, binding, JSON.stringify(patch), JSON.stringify(entry), this.table],
    );
    if (rows.length === 0) {
      // Another answer (or a withdrawal, or an edit of the row) came first: say which.
      const now = await this.get(id);
      throw new Error(inboxAnswerRefusal(id, now, binding, answer) ?? `inbox entry ${JSON.stringify(id)} changed while it was being answered; show it again`);
    }
    return checkedInboxEntry(rows[0]!.entry, `${this.location}: entry ${id}`);
  }

  async waitForAnswer(id: string, signal?: AbortSignal): Promise<ApprovalAnswer> {
    this.assertOpen();
    for (;;) {
      signal?.throwIfAborted();
      const entry = await this.get(id);
      if (!entry) throw this.error(`there is no entry ${JSON.stringify(id)} to wait for`);
      if (entry.state === 'answered') return entry.answer!;
      if (entry.state === 'withdrawn') throw this.error(`entry ${JSON.stringify(id)} was withdrawn before it was answered`);
      await this.notifiedOrPoll(id, signal);
    }
  }

  async withdraw(id: string): Promise<void> {
    this.assertOpen();
    if (!INBOX_ID_PATTERN.test(id)) return;
    await this.pool.query(
      `WITH row AS (UPDATE ${this.table} SET state = 'withdrawn', entry = jsonb_set(entry, '{state}', '"withdrawn"') WHERE id = $1 AND state = 'pending' RETURNING id)
       SELECT pg_notify($2, id) FROM row`,
      [id, this.table],
    );
  }

  watch(listener: (entry: InboxEntry) => void): () => void {
    this.assertOpen();
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.listeners.clear();
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    for (const set of this.wakers.values()) for (const wake of [...set]) wake();
    const listener = this.listener;
    this.listener = undefined;
    await listener?.end().catch(() => undefined);
    await this.pool.end().catch(() => undefined);
  }

  private assertOpen(): void {
    if (this.closed) throw this.error('the inbox was closed');
  }

  private error(problem: string): Error {
    return new Error(`approvals inbox ${this.location}: ${problem}`);
  }

  /** Creates the table and its indexes when absent; replicas starting at once take turns (advisory lock). */
  private async createTable(): Promise<void> {
    const client: PoolClient = await this.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('SELECT pg_advisory_xact_lock($1)', [SCHEMA_LOCK]);
      await client.query(`CREATE TABLE IF NOT EXISTS ${this.table} (
        id text PRIMARY KEY,
        state text NOT NULL CHECK (state IN ('pending', 'answered', 'withdrawn')),
        tool_name text NOT NULL,
        binding text NOT NULL,
        created_at timestamptz NOT NULL,
        owner_pid integer,
        entry jsonb NOT NULL
      )`);
      await client.query(`CREATE INDEX IF NOT EXISTS ${this.table}_state_created ON ${this.table} (state, created_at DESC)`);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  /** Opens the listening connection: LISTEN on the channel; its backend pid marks this process's entries as alive. */
  private async listen(): Promise<void> {
    const client = new this.pg.Client({ connectionString: this.url });
    client.on('error', (error) => {
      this.options.onProblem?.(`${this.location}: the listening connection failed (${error.message}); reconnecting`);
      if (this.listener === client) this.listener = undefined;
      void this.reconnect();
    });
    client.on('notification', (message: Notification) => this.notified(message));
    await client.connect();
    await client.query(`LISTEN ${this.table}`);
    const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    const previous = this.ownerPid;
    this.listener = client;
    this.ownerPid = rows[0]!.pid;
    // Entries posted under the previous connection belong to this process still.
    if (previous !== undefined && previous !== this.ownerPid) {
      await this.pool.query(`UPDATE ${this.table} SET owner_pid = $1 WHERE owner_pid = $2 AND state = 'pending'`, [this.ownerPid, previous]).catch(() => undefined);
    }
  }

  private reconnect(): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.reconnecting ??= (async () => {
      for (let attempt = 0; !this.closed && !this.listener; attempt++) {
        await new Promise((resolve) => setTimeout(resolve, Math.min(5000, 100 * 2 ** attempt)));
        if (this.closed) break;
        await this.listen().catch(() => undefined);
      }
    })().finally(() => (this.reconnecting = undefined));
    return this.reconnecting;
  }

  /** A NOTIFY: wakes the calls waiting for that entry and tells the watchers. */
  private notified(message: Notification): void {
    const id = message.payload ?? '';
    for (const wake of [...(this.wakers.get(id) ?? [])]) wake();
    if (this.listeners.size === 0 || !INBOX_ID_PATTERN.test(id)) return;
    this.pool
      .query<{ id: string; entry: unknown }>(`SELECT id, entry FROM ${this.table} WHERE id = $1`, [id])
      .then(({ rows }) => {
        const entry = rows[0] && this.checkedRow(rows[0]);
        if (entry) for (const listener of [...this.listeners]) listener(entry);
      })
      .catch((error: Error) => this.options.onProblem?.(`${this.location}: ${error.message}`));
  }

  /** Resolves at the next NOTIFY about `id` or after `pollMs`; rejects when `signal` aborts. */
  private notifiedOrPoll(id: string, signal: AbortSignal | undefined): Promise<void> {
    return new Promise((resolve, reject) => {
      const set = this.wakers.get(id) ?? new Set<() => void>();
      this.wakers.set(id, set);
      const cleanup = (): void => {
        clearTimeout(timer);
        this.timers.delete(timer);
        set.delete(finish);
        if (set.size === 0) this.wakers.delete(id);
        signal?.removeEventListener('abort', onAbort);
      };
      const finish = (): void => {
        cleanup();
        if (this.closed) reject(this.error('the inbox was closed while a call waited for its answer'));
        else resolve();
      };
      const onAbort = (): void => {
        cleanup();
        reject(signal!.reason);
      };
      const timer = setTimeout(finish, this.options.pollMs ?? 1000);
      this.timers.add(timer);
      set.add(finish);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  /** Marks withdrawn the pending entries (or entry `id`) whose process's listening connection is gone. */
  private async withdrawOrphans(id?: string): Promise<void> {
    await this.pool.query(
      `WITH row AS (UPDATE ${this.table} SET state = 'withdrawn', entry = jsonb_set(entry, '{state}', '"withdrawn"')
         WHERE state = 'pending' AND owner_pid IS NOT NULL AND ($1::text IS NULL OR id = $1)
           AND NOT EXISTS (SELECT 1 FROM pg_stat_activity a WHERE a.pid = owner_pid) RETURNING id)
       SELECT pg_notify($2, id) FROM row`,
      [id ?? null, this.table],
    );
  }

  /** The entry of a row; throws naming the row when it is not a valid entry. */
  private entryOf(row: { id: string; entry: unknown }): InboxEntry {
    const entry = checkedInboxEntry(row.entry, `approvals inbox ${this.location}: row ${JSON.stringify(row.id)}`);
    if (entry.id !== row.id) throw this.error(`row ${JSON.stringify(row.id)} holds the entry ${JSON.stringify(entry.id)}`);
    return entry;
  }

  /** {@link entryOf} for `list`/`watch`: a bad row is reported and skipped. */
  private checkedRow(row: { id: string; entry: unknown }): InboxEntry | undefined {
    try {
      return this.entryOf(row);
    } catch (error) {
      this.options.onProblem?.((error as Error).message);
      return undefined;
    }
  }
}
