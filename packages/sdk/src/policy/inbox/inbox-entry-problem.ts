import { isPlainObject } from '../../util/guards.js';
import { approvalAnswerProblem } from '../approval-answer.js';
import type { InboxEntry } from '../approval-inbox.js';
import { INBOX_ID_PATTERN } from './inbox-binding.js';

const STATES: readonly string[] = ['pending', 'answered', 'withdrawn'];
const KINDS: readonly string[] = ['serve', 'run', 'agent'];
/** Longest label or process text kept in an entry. */
const MAX_TEXT = 1000;

function stringProblem(value: unknown, where: string, optional = false): string | undefined {
  if (value === undefined && optional) return undefined;
  if (typeof value !== 'string') return `${where}: expected a string`;
  return value.length > MAX_TEXT && where !== 'request.reason' ? `${where}: longer than ${MAX_TEXT} characters` : undefined;
}

/**
 * Why `value` (read from a file or a database row, so possibly hostile) is not an
 * {@link InboxEntry}, or undefined. The message names the field and what is expected.
 */
export function inboxEntryProblem(value: unknown): string | undefined {
  if (!isPlainObject(value)) return 'expected an inbox entry object';
  if (typeof value.id !== 'string' || !INBOX_ID_PATTERN.test(value.id)) return 'id: expected 22 base64url characters';
  const request = value.request;
  if (!isPlainObject(request)) return 'request: expected an object';
  for (const key of ['toolCallId', 'toolName', 'reason'] as const) {
    const problem = stringProblem(request[key], `request.${key}`);
    if (problem) return problem;
  }
  if (!isPlainObject(request.arguments)) return 'request.arguments: expected an object';
  if (!Array.isArray(request.suggestedRules) || !request.suggestedRules.every((r) => typeof r === 'string')) return 'request.suggestedRules: expected an array of strings';
  if (typeof request.bypassImmune !== 'boolean') return 'request.bypassImmune: expected a boolean';
  if (request.askRule !== undefined && typeof request.askRule !== 'string') return 'request.askRule: expected a string';
  if (request.metadata !== undefined && !isPlainObject(request.metadata)) return 'request.metadata: expected an object';
  const source = value.source;
  if (!isPlainObject(source)) return 'source: expected an object { kind, label, process }';
  if (typeof source.kind !== 'string' || !KINDS.includes(source.kind)) return `source.kind: expected one of ${KINDS.join(', ')}`;
  for (const key of ['label', 'process'] as const) {
    const problem = stringProblem(source[key], `source.${key}`);
    if (problem) return problem;
  }
  for (const key of ['conversationId', 'answeredBy'] as const) {
    const problem = stringProblem(value[key], key, true);
    if (problem) return problem;
  }
  for (const key of ['createdAt', 'answeredAt'] as const) {
    if (value[key] === undefined && key === 'answeredAt') continue;
    if (typeof value[key] !== 'string' || Number.isNaN(Date.parse(value[key]))) return `${key}: expected an ISO-8601 time`;
  }
  if (typeof value.binding !== 'string') return 'binding: expected a string';
  if (typeof value.state !== 'string' || !STATES.includes(value.state)) return `state: expected one of ${STATES.join(', ')}`;
  if (value.state === 'answered' || value.answer !== undefined) {
    if (value.state !== 'answered') return `answer: only an answered entry has one (state is ${value.state})`;
    const problem = approvalAnswerProblem(value.answer);
    if (problem) return `answer: ${problem}`;
  }
  return undefined;
}

/** `value` as an {@link InboxEntry}, or an Error naming `where` and the problem. */
export function checkedInboxEntry(value: unknown, where: string): InboxEntry {
  const problem = inboxEntryProblem(value);
  if (problem) throw new Error(`${where}: not an approvals-inbox entry (${problem})`);
  return value as unknown as InboxEntry;
}
