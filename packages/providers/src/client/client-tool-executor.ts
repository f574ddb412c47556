import { CallContext, takeCallerResult } from '@toolwright/sdk/internal';
import { ErrorCode, textContent, ToolwrightError } from '@toolwright/sdk';
import { PENDING_APPROVAL_TYPE } from '@toolwright/sdk/policy';
import type { Observation } from '@toolwright/sdk';
import type { Action, ObservationClass, ToolContext, ToolExecutor } from '@toolwright/sdk';
import type { PendingApproval } from '@toolwright/sdk/policy';
import type { ToolInvocationResult } from '../runtime/tool-invocation-result.js';

/** Marks the `request.metadata` of a {@link PendingApproval} that waits for a client tool's result. */
export interface ClientToolPendingMetadata {
  clientTool: true;
  toolgroupId: string;
}

/**
 * The executor of a client tool inside an Agent. With no answer for the call, it does not run
 * anything: the call ends pending (`ToolCallResult.pending`, the SDK's plain-JSON
 * {@link PendingApproval} with `request.metadata.clientTool`), and the model's turn waits. With an
 * answer preset by `resumeClientTools` (content blocks), or given to `agent.resume` as
 * `{ type: 'result', text, isError? }`, the call's Observation is the client's result.
 */
export class ClientToolExecutor<O extends Observation = Observation> implements ToolExecutor<Action, O> {
  private readonly answers = new Map<string, ToolInvocationResult>();

  /** @param observationType the tool's Observation class (the results are of it). */
  constructor(
    readonly toolName: string,
    readonly toolgroupId: string,
    private readonly observationType: ObservationClass<O>,
  ) {}

  /** Where the tool comes from, for listings (`toolwright list` shows `group:<toolgroupId> (client)`). */
  get toolGroupOrigin(): { readonly toolgroupId: string; readonly providerId: string } {
    return { toolgroupId: this.toolgroupId, providerId: 'client' };
  }

  /** @internal Holds the client's result for `toolCallId` until its call runs (or {@link ClientToolExecutor.clear}). */
  preset(toolCallId: string, result: ToolInvocationResult): void {
    this.answers.set(toolCallId, result);
  }

  /** @internal Forgets a preset answer. */
  clear(toolCallId: string): void {
    this.answers.delete(toolCallId);
  }

  execute(action: Action, ctx: ToolContext): O {
    const answer = this.answers.get(ctx.toolCallId);
    if (answer) {
      this.answers.delete(ctx.toolCallId);
      return Object.assign(new this.observationType(), { content: answer.content, isError: answer.errorCode !== undefined });
    }
    if (!(ctx instanceof CallContext)) {
      throw new ToolwrightError({
        code: ErrorCode.NOT_SUPPORTED,
        message: `Tool '${this.toolName}' runs on the client: call it through an Agent (the call ends pending) and answer with resumeClientTools.`,
        details: { tool: this.toolName },
      });
    }
    // A result given through agent.resume(pending, { [id]: { type: 'result', text } }).
    const given = takeCallerResult(ctx);
    if (given) return Object.assign(new this.observationType(), { content: [textContent(given.text)], isError: given.isError === true });
    const args = ctx.arguments ?? {};
    const metadata: ClientToolPendingMetadata = { clientTool: true, toolgroupId: this.toolgroupId };
    const pending: PendingApproval = {
      type: PENDING_APPROVAL_TYPE,
      version: 1,
      request: {
        toolCallId: ctx.toolCallId,
        toolName: ctx.toolName,
        arguments: { ...args },
        reason: `Tool '${ctx.toolName}' runs on the client; the turn waits for its result.`,
        suggestedRules: [],
        bypassImmune: true,
        metadata: { ...metadata },
      },
      action: action.toJSON(),
    };
    if (ctx.state?.id !== undefined) pending.conversationId = ctx.state.id;
    ctx.pending = pending;
    return Object.assign(new this.observationType(), { content: [textContent(pending.request.reason)], isError: false });
  }
}

/** True when a pending call waits for a client tool's result (not for a human's approval). */
export function isClientToolPending(pending: PendingApproval): boolean {
  return pending.request.metadata?.clientTool === true;
}
