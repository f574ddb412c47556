import { ErrorCode } from '../errors/error-code.js';
import { ToolwrightError } from '../errors/toolwright-error.js';
import type { PermissionContext } from '../policy/permission-context.js';
import { askDecision } from '../policy/permission-decision.js';
import type { PermissionDecision } from '../policy/permission-decision.js';
import type { RuleBehavior } from '../policy/permission-rule.js';
import type { ToolPermissions } from '../policy/tool-permissions.js';
import type { Action } from '../tool/action.js';
import type { ToolDefinition } from '../tool/tool-definition.js';
import { deriveTool } from './derive-tool.js';
import { DerivedList } from './derived-list.js';
import { thenMaybe } from './maybe-async.js';
import type { MaybePromise } from './maybe-async.js';
import type { Toolset } from './toolset.js';
import type { TurnContext } from './turn-context.js';
import { WrappedToolset } from './wrapped-toolset.js';

/** Decides per call whether approval is needed (`args`: the validated arguments as JSON). */
export type ApprovalPredicate = (ctx: TurnContext, tool: ToolDefinition, args: Record<string, unknown>) => boolean;

/** The Action's fields as plain JSON (without `kind`). */
function argumentsOf(action: Action): Record<string, unknown> {
  const { kind: _kind, ...fields } = action.toJSON() as Record<string, unknown>;
  return fields;
}

/**
 * Makes the inner toolset's tools ask for approval (all calls, or those `needsApproval` picks),
 * through the agent's policy: the permission check of such a call answers `ask` unless the tool
 * itself denies, so the approval handler is asked, or the call is left pending in deferred
 * mode. Needs an agent with a `policy`: an Agent without one refuses it at `initialize`
 * (`INVALID_OPTIONS`), since its tools would run unchecked. The tools' read-only status, rules
 * and suggestions are their own.
 */
export class ApprovalRequiredToolset extends WrappedToolset {
  private readonly derived = new DerivedList((tool) => deriveTool(tool, { permissions: this.permissionsOf(tool) }));
  private turn: TurnContext = { values: {} };

  constructor(
    inner: Toolset,
    private readonly needsApproval?: ApprovalPredicate,
  ) {
    super(inner);
  }

  /** Refuses an agent without a policy, then starts the inner toolset's run. */
  override forRun(ctx: TurnContext): void | Promise<void> {
    this.needPolicy(ctx);
    return super.forRun(ctx);
  }

  /** The inner tools, asking for approval. */
  tools(ctx: TurnContext): MaybePromise<readonly ToolDefinition[]> {
    this.needPolicy(ctx);
    this.turn = ctx;
    return this.derived.ofMaybe(this.inner.tools(ctx));
  }

  private needPolicy(ctx: TurnContext): void {
    if (ctx.policy !== false) return;
    throw new ToolwrightError({
      code: ErrorCode.INVALID_OPTIONS,
      message: `ApprovalRequiredToolset (around ${this.label}) needs an agent with a permission policy (AgentOptions.policy, e.g. policy: {} to leave calls pending for approval; in an agent spec, a permissions section); without one its tools would run unchecked.`,
    });
  }

  private permissionsOf(source: ToolDefinition): ToolPermissions<Action> {
    const ask = (decision: PermissionDecision, action: Action): PermissionDecision => {
      if (decision.behavior === 'deny') return decision;
      if (this.needsApproval && !this.needsApproval(this.turn, source, argumentsOf(action))) return decision;
      return askDecision({ reason: 'tool', message: `Calls of '${source.name}' need approval (ApprovalRequiredToolset).`, ...(decision.suggestedRules ? { suggestedRules: decision.suggestedRules } : {}) });
    };
    return {
      // Never read-only: a read-only call is allowed before the tool's check could ask.
      isReadOnly: () => false,
      checkPermissions: (action, context: PermissionContext) => thenMaybe(source.checkPermissions(action, context), (d) => ask(d, action)),
      matchRule: (content, action, behavior: RuleBehavior) => source.matchRule(content, action, behavior),
      suggestRules: (action) => source.suggestRules(action),
      approvalMetadata: (action) => ({ ...(source.approvalMetadata(action) ?? {}), approvalRequired: true }),
    };
  }
}
