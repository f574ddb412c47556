import type { ConversationState } from '../state/conversation-state.js';

/**
 * What a call touches, for ordering. `all` stands for "anything" (a tool that does not say what it
 * touches); `write` is false for read-only tools.
 */
export interface ResourceAccess {
  /** False for read-only tools. */
  readonly write: boolean;
  /** True when the call may touch anything (its tool declares no resources). */
  readonly all: boolean;
  /** The declared resources of this call (e.g. `file:/abs/path`). */
  readonly resources: ReadonlySet<string>;
}

/** True when two calls must not overlap: at least one writes, and what they touch intersects. */
export function conflicts(a: ResourceAccess, b: ResourceAccess): boolean {
  if (!a.write && !b.write) return false;
  if (a.all || b.all) return true;
  const [small, large] = a.resources.size <= b.resources.size ? [a.resources, b.resources] : [b.resources, a.resources];
  for (const resource of small) if (large.has(resource)) return true;
  return false;
}

/** Gives a held lock back. Calling it again does nothing. */
export type ReleaseLock = () => void;

/**
 * A call's place in the queue of a {@link ResourceLocks}, taken when the call is scheduled (so the
 * locks are granted in call order) and claimed later, once the call may run (after its approval).
 * While it waits it blocks only later calls it conflicts with; it holds no lock.
 */
export interface LockReservation {
  /** Says what the call will touch (as soon as it is known), so unrelated later calls need not wait for it. */
  declare(access: ResourceAccess): void;
  /** Claims the lock for `access` at the reserved place: at once when nothing earlier conflicts, else a promise of it. Once only. */
  take(access: ResourceAccess): ReleaseLock | Promise<ReleaseLock>;
  /** Gives the place up (the call ended before it needed the lock). Does nothing once taken or cancelled. */
  cancel(): void;
}

/**
 * A place in a {@link ResourceLocks} queue: a reservation waiting to be taken, or a call waiting
 * for or holding its lock until {@link LockEntry.release}. One class for both (no closure and no
 * subclass per call): the runtime keeps the entry itself (so does the pipeline bench's floor).
 */
export class LockEntry implements LockReservation {
  /** What the call touches; undefined while a reservation does not know it yet (counts as "writes anything"). */
  access: ResourceAccess | undefined;
  /** False while a reservation waits to be taken: it holds its place but is never granted. */
  ready: boolean;
  /** Resolves the promise of a call that waits for its grant. */
  grant?: (entry: LockEntry) => void = undefined;
  /** True once taken or cancelled (a reservation's `take` and `cancel` work once). */
  private done: boolean;
  private released = false;

  constructor(
    private readonly locks: ResourceLocks,
    access: ResourceAccess | undefined,
    ready: boolean,
  ) {
    this.access = access;
    this.ready = ready;
    this.done = ready;
  }

  /** Gives the held lock back. Calling it again does nothing. */
  release(): void {
    if (this.released) return;
    this.released = true;
    this.locks.releaseOf(this);
  }

  declare(access: ResourceAccess): void {
    if (!this.done) this.locks.declareOf(this, access);
  }

  take(access: ResourceAccess): ReleaseLock | Promise<ReleaseLock> {
    const held = this.claim(access);
    return held instanceof LockEntry ? releaserOf(held) : held.then(releaserOf);
  }

  /** @internal {@link LockEntry.take} for the runtime: the held entry itself (this one, or a new one once taken before). */
  claim(access: ResourceAccess): LockEntry | Promise<LockEntry> {
    if (this.done) return this.locks.enter(access);
    this.done = true;
    return this.locks.takeOf(this, access);
  }

  cancel(): void {
    if (this.done) return;
    this.done = true;
    this.locks.cancelOf(this);
  }
}

/** @internal A reservation: a {@link LockEntry} not taken yet. */
export type Reservation = LockEntry;

/** Removes `entry` from `list` (pop when last: no array allocated). */
function remove(list: LockEntry[], entry: LockEntry, index = list.indexOf(entry)): void {
  if (index < 0) return;
  if (index === list.length - 1) list.pop();
  else list.splice(index, 1);
}

/** The release function of a held entry (for callers of the public API). */
function releaserOf(entry: LockEntry): ReleaseLock {
  return () => entry.release();
}

/**
 * Per-resource write order for the calls of one conversation, whatever their entry point
 * (`executeToolCall`, `executeToolCalls`, a direct `tool.call`, `serve`): a call may start once no
 * earlier call it conflicts with (see {@link conflicts}) still holds or waits for the lock. So
 * read-only calls run together; writers of the same resource run one after another in the order
 * they asked; a writer that declares no resources runs alone. First come, first served — where a
 * call "comes" when it is scheduled if it {@link ResourceLocks.reserve reserves} its place then
 * (the Agent does, for every call, in call order), so an approval or a middleware that awaits before
 * the lock cannot reorder two writes of one resource.
 */
export class ResourceLocks {
  private readonly active: LockEntry[] = [];
  private readonly waiting: LockEntry[] = [];

  /** Calls holding a lock now. */
  get held(): number {
    return this.active.length;
  }

  /**
   * Asks for the lock of `access`. Returns the release function at once when nothing conflicts
   * (no promise, no microtask: the common case), else a promise of it, granted in request order.
   */
  acquire(access: ResourceAccess): ReleaseLock | Promise<ReleaseLock> {
    const entry = this.enter(access);
    return entry instanceof LockEntry ? releaserOf(entry) : entry.then(releaserOf);
  }

  /**
   * {@link ResourceLocks.acquire} for the runtime (and the pipeline bench's floor): the held entry
   * itself (release it with {@link LockEntry.release}) at once when nothing conflicts, else a
   * promise of it.
   */
  enter(access: ResourceAccess): LockEntry | Promise<LockEntry> {
    const entry = new LockEntry(this, access, true);
    // Nothing held or waiting (a sequential caller's every call): nothing to compare with.
    if ((this.active.length === 0 && this.waiting.length === 0) || !this.blocked(access, this.active.length, this.waiting.length)) {
      this.active.push(entry);
      return entry;
    }
    return new Promise<LockEntry>((resolve) => {
      entry.grant = resolve;
      this.waiting.push(entry);
    });
  }

  /**
   * Reserves the next place in the queue for a call whose lock is claimed later
   * ({@link LockReservation.take}). Until it declares what it touches, the reservation counts as
   * a writer of everything, so later calls wait for it to say. Every reservation must end taken
   * (then released) or cancelled, or the calls after it wait for ever.
   */
  reserve(): LockEntry {
    // The entry is the reservation (a class, not closures: one object per call).
    const entry = new LockEntry(this, undefined, false);
    this.waiting.push(entry);
    return entry;
  }

  /** @internal {@link LockReservation.declare} of a reservation. */
  declareOf(entry: LockEntry, access: ResourceAccess): void {
    entry.access = access;
    this.pump();
  }

  /** @internal Claims a reservation not taken yet: the entry itself once held (at once, or a promise of it). */
  takeOf(entry: LockEntry, access: ResourceAccess): LockEntry | Promise<LockEntry> {
    entry.access = access;
    entry.ready = true;
    const index = this.waiting.indexOf(entry);
    if (!this.blocked(access, this.active.length, index)) {
      remove(this.waiting, entry, index);
      this.active.push(entry);
      // Leaving the queue may free later calls that waited only for this place.
      if (index < this.waiting.length) this.pump();
      return entry;
    }
    return new Promise<LockEntry>((resolve) => {
      entry.grant = resolve;
    });
  }

  /** @internal {@link LockReservation.cancel} of a reservation not taken yet. */
  cancelOf(entry: LockEntry): void {
    remove(this.waiting, entry);
    this.pump();
  }

  /** @internal {@link LockEntry.release}: the entry leaves the holders; calls that waited for it may start. */
  releaseOf(entry: LockEntry): void {
    const active = this.active;
    // The last one in is usually the first out (a synchronous call releases before anything else ran).
    if (active[active.length - 1] === entry) active.pop();
    else remove(active, entry);
    if (this.waiting.length > 0) this.pump();
  }

  private blocked(access: ResourceAccess, activeCount: number, waitingBefore = 0): boolean {
    for (let i = 0; i < activeCount; i++) if (conflicts(this.active[i]!.access!, access)) return true;
    for (let i = 0; i < waitingBefore; i++) if (conflicts(this.waiting[i]!.access ?? WRITE_ANYTHING, access)) return true;
    return false;
  }

  private pump(): void {
    for (let i = 0; i < this.waiting.length; ) {
      const entry = this.waiting[i]!;
      if (!entry.ready || this.blocked(entry.access!, this.active.length, i)) {
        i++;
        continue;
      }
      this.waiting.splice(i, 1);
      this.active.push(entry);
      entry.grant!(entry);
    }
  }
}

const byConversation = new WeakMap<ConversationState, ResourceLocks>();
const withoutConversation = new ResourceLocks();

/** The locks of a conversation (one per conversation; calls without one share a process-wide set). */
export function locksFor(state: ConversationState | undefined): ResourceLocks {
  if (!state) return withoutConversation;
  let locks = byConversation.get(state);
  if (!locks) {
    locks = new ResourceLocks();
    byConversation.set(state, locks);
  }
  return locks;
}

const NOTHING: ReadonlySet<string> = new Set();
const READ_ANYTHING: ResourceAccess = Object.freeze({ write: false, all: true, resources: NOTHING });
const WRITE_ANYTHING: ResourceAccess = Object.freeze({ write: true, all: true, resources: NOTHING });

/** The part of a tool {@link accessOf} reads. */
export interface AccessDeclaring<A> {
  readonly annotations: { readonly readOnlyHint?: boolean };
  readonly declaresResources: boolean;
  resourcesOf(action: A): readonly string[];
}

/**
 * What a call of `tool` with `action` touches: read-only tools (`readOnlyHint`) read, others write;
 * the resources are what the tool declares for this Action, or everything when it declares none.
 * A resources function that throws counts as everything.
 */
export function accessOf<A>(tool: AccessDeclaring<A>, action: A): ResourceAccess {
  const write = tool.annotations.readOnlyHint !== true;
  if (!tool.declaresResources) return write ? WRITE_ANYTHING : READ_ANYTHING;
  try {
    return { write, all: false, resources: new Set(tool.resourcesOf(action)) };
  } catch {
    return write ? WRITE_ANYTHING : READ_ANYTHING;
  }
}
