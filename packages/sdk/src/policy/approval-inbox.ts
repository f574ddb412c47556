import type { ApprovalAnswer } from './approval-answer.js';
import type { ApprovalRequest } from './approval-request.js';

/** Where a parked call waits: a `serve` session, a deferred `toolwright run`, or a library caller. */
export interface InboxSource {
  /** What parked the call. */
  kind: 'serve' | 'run' | 'agent';
  /** A human-readable label: the served toolset's name, the run's task, the agent's name. */
  label: string;
  /** The process that parked it (`hostname:pid`), so a person can tell replicas apart. */
  process: string;
}

/**
 * One call waiting in an {@link ApprovalInbox}, as plain JSON (stored in a file or a database row).
 *
 * `binding` is the approval seal of the security model: an answer is accepted only together
 * with the binding of the entry it was given for (what the person saw), so an answer cannot be
 * replayed onto another call, nor applied to arguments that changed after it was shown.
 */
export interface InboxEntry {
  /** Unique per entry (random, URL-safe). */
  id: string;
  /** What to ask (tool, arguments as the model sent them, reason, suggested rules). */
  request: ApprovalRequest;
  /** The conversation the call belongs to, when known. */
  conversationId?: string;
  /** Who parked it. */
  source: InboxSource;
  /** ISO-8601 time it was parked. */
  createdAt: string;
  /** Opaque token binding an answer to exactly this entry as shown (see {@link ApprovalInbox.answer}). */
  binding: string;
  /** `pending` until answered; `answered` once (a second answer is refused); `withdrawn` when the waiting call ended first (cancelled, timed out, process gone). */
  state: 'pending' | 'answered' | 'withdrawn';
  /** The answer, once given. */
  answer?: ApprovalAnswer;
  /** ISO-8601 time of the answer. */
  answeredAt?: string;
  /** Who answered (a console user's label, `cli`, …), when known. */
  answeredBy?: string;
}

/** Filter for {@link ApprovalInbox.list}. */
export interface InboxFilter {
  state?: InboxEntry['state'];
  toolName?: string;
}

/**
 * The approvals inbox shared by processes and replicas: a parked call is posted here, any
 * process (the console, `toolwright approvals`, another replica) answers it, and the waiting call
 * continues. Implementations: `FileApprovalInbox` (one locked file per entry under
 * `.toolwright/inbox/`, the default) and the CLI's PostgreSQL inbox (`--inbox postgres://…`);
 * `inboxApprovalHandler(inbox, source)` makes any Agent park its asks in one. Every method may be
 * called from several processes at once. The binding is `inboxBinding(entry)`.
 */
export interface ApprovalInbox {
  /** Parks a call; returns its entry (state `pending`). */
  post(request: ApprovalRequest, source: InboxSource, conversationId?: string): Promise<InboxEntry>;
  /** Entries, newest first. */
  list(filter?: InboxFilter): Promise<InboxEntry[]>;
  /** One entry, or undefined. */
  get(id: string): Promise<InboxEntry | undefined>;
  /**
   * Answers a pending entry once. Refuses (throws an Error naming why) when the entry is unknown,
   * no longer pending, or `binding` is not the entry's; an `edit` answer's arguments are checked
   * by the waiting call (validated and permission-checked again), not here.
   */
  answer(id: string, binding: string, answer: ApprovalAnswer, answeredBy?: string): Promise<InboxEntry>;
  /** Resolves with the answer of `id` once given (from any process); rejects when `signal` aborts. */
  waitForAnswer(id: string, signal?: AbortSignal): Promise<ApprovalAnswer>;
  /** Marks a pending entry `withdrawn` (its call ended without an answer). */
  withdraw(id: string): Promise<void>;
  /** Calls `listener` whenever an entry is posted, answered or withdrawn; returns the unsubscribe function. */
  watch(listener: (entry: InboxEntry) => void): () => void;
  /** Releases files, connections and timers. */
  close(): Promise<void>;
}
