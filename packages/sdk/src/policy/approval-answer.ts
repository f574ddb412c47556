import { isPlainObject } from '../util/guards.js';
import type { ApprovalContext } from './approval-context.js';
import type { ApprovalRequest } from './approval-request.js';
import { ruleSyntaxProblem } from './parse-rule.js';

/**
 * A human's answer to an {@link ApprovalRequest}:
 * - `approve`: run the call once;
 * - `reject`: do not run it; the model gets an error Observation with the reason;
 * - `edit`: these arguments instead, validated and permission-checked again like a new call: a
 *   deny fails it, an ask asks again about the edited call (it never runs on this answer alone),
 *   an allow runs it;
 * - `always`: run it and add allow rules (the request's suggested rules, or `rules`), persisted
 *   in the grants file (by default the project's `.toolwright/permissions.json`; the
 *   `ApprovalRequestEvent`'s `granted` names the file);
 * - `result`: do not run it; the call ends with this text as its Observation (a person or a
 *   client did the work: client-side tools, manual steps).
 */
export type ApprovalAnswer =
  | { type: 'approve' }
  | { type: 'reject'; reason?: string }
  | { type: 'edit'; arguments: Record<string, unknown> }
  | { type: 'always'; rules?: string[] }
  | { type: 'result'; text: string; isError?: boolean };

/** Answers an approval request (`context` offers the call's signal and, when the caller's client can ask its user, `elicit`). Absent from the options = deferred mode. */
export type ApprovalHandler = (request: ApprovalRequest, context: ApprovalContext) => ApprovalAnswer | Promise<ApprovalAnswer>;

/** `{ type: 'approve' }`. */
export function approveCall(): ApprovalAnswer {
  return { type: 'approve' };
}

/** `{ type: 'reject', reason }`. */
export function rejectCall(reason?: string): ApprovalAnswer {
  return reason === undefined ? { type: 'reject' } : { type: 'reject', reason };
}

/** `{ type: 'edit', arguments }`. */
export function editCall(args: Record<string, unknown>): ApprovalAnswer {
  return { type: 'edit', arguments: args };
}

/** `{ type: 'always', rules? }`. */
export function alwaysAllow(rules?: string[]): ApprovalAnswer {
  return rules === undefined ? { type: 'always' } : { type: 'always', rules };
}

/** The message the model gets when a call is rejected (pai's default when no reason is given). */
export function rejectionMessage(toolName: string, reason: string | undefined): string {
  const why = typeof reason === 'string' && reason.trim() !== '' ? reason.trim() : 'User rejected the tool call.';
  return `The user did not approve this call of '${toolName}': ${why}`;
}

/** Why `value` is not an {@link ApprovalAnswer} (answers may come from files or other processes), or undefined. */
export function approvalAnswerProblem(value: unknown): string | undefined {
  if (!isPlainObject(value)) return 'expected an object { type: approve | reject | edit | always }';
  switch (value.type) {
    case 'approve':
      return undefined;
    case 'reject':
      return value.reason === undefined || typeof value.reason === 'string' ? undefined : 'reason: expected a string';
    case 'edit':
      return isPlainObject(value.arguments) ? undefined : 'arguments: expected an object of arguments';
    case 'always':
      if (value.rules === undefined) return undefined;
      if (!Array.isArray(value.rules)) return 'rules: expected an array of rule strings';
      for (const [i, rule] of value.rules.entries()) {
        const problem = ruleSyntaxProblem(rule);
        if (problem) return `rules[${i}]: ${problem}`;
      }
      return undefined;
    case 'result':
      if (typeof value.text !== 'string') return 'text: expected the result text (a string)';
      return value.isError === undefined || typeof value.isError === 'boolean' ? undefined : 'isError: expected a boolean';
    default:
      return `type: expected approve, reject, edit, always or result, got ${JSON.stringify(value.type) ?? 'nothing'}`;
  }
}
