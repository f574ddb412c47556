import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { hostname } from 'node:os';
import { canonicalJson } from '../canonical-json.js';
import type { InboxEntry } from '../approval-inbox.js';

/** What an inbox entry id looks like: 16 random bytes, base64url (22 characters). */
export const INBOX_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;
/** What a binding looks like: SHA-256, base64url (43 characters). */
const BINDING_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** Hashed with the fields, so a hash made for something else never matches. */
const LABEL = 'toolwright.approval-inbox.v1';

/** A new random entry id (also the entry's nonce: no two entries share one). */
export function newInboxId(): string {
  // Never starting with '-': the id is typed on command lines (`toolwright approvals approve ID`),
  // where a leading '-' reads as an option (one id in 64 did).
  for (;;) {
    const id = randomBytes(16).toString('base64url');
    if (!id.startsWith('-')) return id;
  }
}

/** `hostname:pid` of this process, the {@link InboxSource.process} of what it parks. */
export function processLabel(): string {
  return `${hostname()}:${process.pid}`;
}

/**
 * The binding of an entry: SHA-256 (base64url) over the canonical JSON of its id (random, so it
 * is also the nonce), conversation id, source and the whole request as shown (tool, call id,
 * arguments, reason, suggested rules …). Anyone can compute it, so a console or the CLI can check
 * that an entry read from the store is the one that was posted; the waiting call computed it from
 * the request it holds in memory, so an answer given for an altered entry, or for another entry,
 * never matches it.
 */
export function inboxBinding(entry: Pick<InboxEntry, 'id' | 'request' | 'source' | 'conversationId'>): string {
  const text = canonicalJson([LABEL, entry.id, entry.conversationId ?? null, entry.source, entry.request]);
  return createHash('sha256').update(text).digest('base64url');
}

/** True when `given` is `expected` (compared in constant time). */
export function sameBinding(given: unknown, expected: string): boolean {
  if (typeof given !== 'string' || !BINDING_PATTERN.test(given) || !BINDING_PATTERN.test(expected)) return false;
  return timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}

/**
 * Why `entry` (read from a store) does not match its own binding — its request, source or id were
 * changed after it was posted — or undefined when it matches.
 */
export function inboxEntryAltered(entry: InboxEntry): string | undefined {
  if (sameBinding(entry.binding, inboxBinding(entry))) return undefined;
  return `inbox entry ${JSON.stringify(entry.id)} (tool ${JSON.stringify(entry.request.toolName)}) was altered after it was posted: its request, source or id no longer match its binding, so it cannot be answered`;
}
