import { isPlainObject } from '../util/guards.js';
import type { ApprovalRequest } from './approval-request.js';

/** Marks a {@link PendingApproval} document. */
export const PENDING_APPROVAL_TYPE = 'toolwright.pending-approval';

/**
 * A call left waiting for approval in deferred mode, as plain JSON: store it, show it, and hand
 * it to `agent.resume(pending, answers)` later, in this process or another one.
 */
export interface PendingApproval {
  /** Always {@link PENDING_APPROVAL_TYPE}. */
  type: typeof PENDING_APPROVAL_TYPE;
  /** Format version (1). */
  version: 1;
  /** The conversation the call belongs to. */
  conversationId?: string;
  /** What to ask. */
  request: ApprovalRequest;
  /** The validated Action as `Action.toJSON()` wrote it (`kind` + wire fields), for display and records; resume validates `request.arguments` again. */
  action: { kind: string; [field: string]: unknown };
  /** Random per envelope (bound by `mac`): a call asked again comes back with a new envelope. */
  nonce?: string;
  /**
   * HMAC-SHA256 (base64url) over the conversation id, `request.toolCallId`, `request.toolName`,
   * the canonical JSON of `request.arguments` and `nonce`, keyed by the conversation's
   * `approval.key`. `agent.resume` refuses an approval envelope whose MAC does not match (or that
   * has none), and answers each envelope once. Caller-run pendings (external and client tools) carry none.
   */
  mac?: string;
}

/** Why `value` is not a {@link PendingApproval} (it may come from a file), or undefined. */
export function pendingApprovalProblem(value: unknown): string | undefined {
  if (!isPlainObject(value)) return 'expected a pending-approval object';
  if (value.type !== PENDING_APPROVAL_TYPE) return `type: expected '${PENDING_APPROVAL_TYPE}'`;
  if (value.version !== 1) return 'version: expected 1';
  const request = value.request;
  if (!isPlainObject(request)) return 'request: expected an object';
  for (const key of ['toolCallId', 'toolName', 'reason'] as const) {
    if (typeof request[key] !== 'string') return `request.${key}: expected a string`;
  }
  if (!isPlainObject(request.arguments)) return 'request.arguments: expected an object';
  if (!isPlainObject(value.action) || typeof value.action.kind !== 'string') return 'action: expected a serialized Action with a kind';
  for (const key of ['conversationId', 'nonce', 'mac'] as const) {
    if (value[key] !== undefined && typeof value[key] !== 'string') return `${key}: expected a string`;
  }
  return undefined;
}
