import { ErrorCode } from '../../errors/error-code.js';
import { ToolwrightError } from '../../errors/toolwright-error.js';
import type { ApprovalAnswer } from '../../policy/approval-answer.js';
import { ApprovalSeal } from '../../policy/approval-seal.js';
import { Policy } from '../../policy/policy.js';
import type { PolicyOptions } from '../../policy/policy-options.js';
import type { ConversationState } from '../../state/conversation-state.js';
import type { CallContext } from '../call-context.js';
import type { CallStep } from '../call-middleware.js';
import { approvalStep } from './approval-step.js';
import { permissionStep } from './permission-step.js';
import { tracedPhase } from '../phases/telemetry-step.js';

/**
 * An agent's policy at run time: built from `AgentOptions.permissions` at `initialize` (it needs
 * the conversation's directories for the grants file and the audit log), it fills the pipeline's
 * permission and approval slots and holds the answers `agent.resume` hands in.
 */
export class PolicyRuntime {
  private current?: Policy;
  private seal?: ApprovalSeal;
  private readonly presets = new Map<string, { toolName: string; answer: ApprovalAnswer }>();
  /** The pipeline's permission step; it runs the approval step itself for asks. */
  readonly permissionStep: CallStep;
  /** The approval step (run by {@link PolicyRuntime.permissionStep}; exposed for pipelines that place it themselves). */
  readonly approvalStep: CallStep;

  /** Throws `INVALID_SPEC` for options that are not an object or an `onApproval` that is not a function. */
  constructor(private readonly options: PolicyOptions) {
    if (typeof options !== 'object' || options === null) {
      throw new ToolwrightError({ code: ErrorCode.INVALID_SPEC, message: 'permissions must be an object { mode?, allow?, ask?, deny?, onApproval?, … }.' });
    }
    if (options.onApproval !== undefined && typeof options.onApproval !== 'function') {
      throw new ToolwrightError({ code: ErrorCode.INVALID_SPEC, message: 'permissions.onApproval must be a function (request) => answer; leave it out for deferred approvals.' });
    }
    this.approvalStep = approvalStep(
      () => this.current,
      (ctx) => this.takePreset(ctx),
      () => this.seal,
    );
    // The wait for a human as a child span of the call's span, while tracing.
    this.approvalStep = tracedPhase('approval', this.approvalStep);
    // Asks go from the permission step straight to the approval step: one pipeline step, not two.
    this.permissionStep = permissionStep(() => this.current, this.approvalStep);
  }

  /** The policy, once initialized. */
  get policy(): Policy | undefined {
    return this.current;
  }

  /** The seal of the conversation's deferred approvals, once initialized. */
  get approvalSeal(): ApprovalSeal | undefined {
    return this.seal;
  }

  /** Builds the policy for `state` (rules checked, grants file loaded) and the seal of its deferred approvals. */
  async initialize(state: ConversationState): Promise<void> {
    this.current = await Policy.create(this.options, { workingDir: state.workingDir, stateDir: state.stateDir });
    this.seal = new ApprovalSeal(state.stateDir, state.id);
  }

  /** Answers to use, by tool-call id, for the calls `agent.resume` runs now. */
  preset(answers: ReadonlyMap<string, { toolName: string; answer: ApprovalAnswer }>): void {
    for (const [id, entry] of answers) this.presets.set(id, entry);
  }

  /** Forgets preset answers that were not used. */
  clearPresets(ids: Iterable<string>): void {
    for (const id of ids) this.presets.delete(id);
  }

  private takePreset(ctx: CallContext): ApprovalAnswer | undefined {
    const entry = this.presets.get(ctx.toolCallId);
    if (!entry || entry.toolName !== ctx.toolName) return undefined;
    this.presets.delete(ctx.toolCallId);
    return entry.answer;
  }

  /** Closes the audit log. */
  close(): void {
    this.current?.close();
  }
}
