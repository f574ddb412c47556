/** What the table keeps per session: something it can close. */
export interface ClosableSession {
  /** Ends the session (its transport, its server, and what it owns). */
  close(): Promise<void>;
}

/** Options of {@link SessionTable}. */
export interface SessionTableOptions {
  /** Most sessions open (or being opened) at once. */
  maxSessions: number;
  /** A session with no request for this long (ms) and none in flight is closed. */
  idleMs: number;
  /** Called after a session was closed for being idle. */
  onExpired?: (id: string) => void;
}

interface Entry<S> {
  session: S;
  lastUsed: number;
  inFlight: number;
}

/**
 * The open MCP sessions of an HTTP server, with a cap and idle expiry: {@link SessionTable.reserve}
 * refuses a new session once `maxSessions` are open or being opened, and a sweep (every quarter of
 * the idle time, at most every minute) closes sessions that had no request in flight for `idleMs`.
 */
export class SessionTable<S extends ClosableSession> {
  private readonly entries = new Map<string, Entry<S>>();
  private reserved = 0;
  private closed = false;
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly options: SessionTableOptions) {
    const every = Math.max(50, Math.min(options.idleMs / 4, 60_000));
    this.timer = setInterval(() => this.sweep(), every);
    this.timer.unref();
  }

  /** Open sessions. */
  get size(): number {
    return this.entries.size;
  }

  /** Takes a slot for a session being opened; false when the table is full or closed. */
  reserve(): boolean {
    if (this.closed || this.entries.size + this.reserved >= this.options.maxSessions) return false;
    this.reserved++;
    return true;
  }

  /** Gives back a slot that did not become a session. */
  unreserve(): void {
    this.reserved = Math.max(0, this.reserved - 1);
  }

  /** Turns a reserved slot into the session `id` (closed at once when the table was closed meanwhile). */
  add(id: string, session: S): void {
    this.unreserve();
    if (this.closed) {
      void session.close().catch(() => undefined);
      return;
    }
    this.entries.set(id, { session, lastUsed: Date.now(), inFlight: 0 });
  }

  /** The session `id`, if open. */
  get(id: string): S | undefined {
    return this.entries.get(id)?.session;
  }

  /** Marks a request of session `id` as started; the returned function marks it finished. */
  begin(id: string): () => void {
    const entry = this.entries.get(id);
    if (!entry) return () => undefined;
    entry.inFlight++;
    entry.lastUsed = Date.now();
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      entry.inFlight--;
      entry.lastUsed = Date.now();
    };
  }

  /** Forgets session `id` (it closed). */
  delete(id: string): void {
    this.entries.delete(id);
  }

  /** Closes the sessions idle for longer than the idle time. */
  sweep(now = Date.now()): void {
    for (const [id, entry] of this.entries) {
      if (entry.inFlight > 0 || now - entry.lastUsed < this.options.idleMs) continue;
      this.entries.delete(id);
      void entry.session.close().catch(() => undefined);
      this.options.onExpired?.(id);
    }
  }

  /** Stops the sweep and closes every session. */
  async closeAll(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    const open = [...this.entries.values()];
    this.entries.clear();
    await Promise.allSettled(open.map((e) => e.session.close()));
  }
}
