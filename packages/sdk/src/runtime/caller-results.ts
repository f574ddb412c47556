import type { ApprovalAnswer } from '../policy/approval-answer.js';
import type { PendingApproval } from '../policy/pending-approval.js';

/** A result the caller produced for a call of a tool it runs (`{ type: 'result', … }`). */
export type CallerResult = Extract<ApprovalAnswer, { type: 'result' }>;

/** Results given by `agent.resume`, per agent (the calls' environment), by tool-call id. */
const stores = new WeakMap<object, Map<string, { toolName: string; result: CallerResult }>>();

/**
 * True when a pending call waits for the caller to run its tool (an external tool,
 * `request.metadata.external`, or a client tool, `request.metadata.clientTool`), not for a
 * human's approval: only a `{ type: 'result' }` answer finishes it.
 */
export function isCallerPending(pending: PendingApproval): boolean {
  const metadata = pending.request.metadata;
  return metadata?.external === true || metadata?.clientTool === true;
}

/** @internal Holds the caller's results for the next calls of `environment` (see {@link takeCallerResult}). */
export function presetCallerResults(environment: object, results: ReadonlyMap<string, { toolName: string; result: CallerResult }>): void {
  if (results.size === 0) return;
  let store = stores.get(environment);
  if (!store) stores.set(environment, (store = new Map()));
  for (const [id, entry] of results) store.set(id, entry);
}

/** @internal Forgets results that no call took. */
export function clearCallerResults(environment: object, ids: Iterable<string>): void {
  const store = stores.get(environment);
  if (!store) return;
  for (const id of ids) store.delete(id);
}

/**
 * The caller's result for this call (once: it is consumed), when `agent.resume` was given one for
 * its tool-call id and tool name. A caller-run tool's executor returns it instead of pending again.
 */
export function takeCallerResult(ctx: { readonly environment: object; readonly toolCallId: string; readonly toolName: string }): CallerResult | undefined {
  const store = stores.get(ctx.environment);
  const entry = store?.get(ctx.toolCallId);
  if (!entry || entry.toolName !== ctx.toolName) return undefined;
  store!.delete(ctx.toolCallId);
  return entry.result;
}
