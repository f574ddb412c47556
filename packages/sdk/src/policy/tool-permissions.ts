import type { PermissionContext } from './permission-context.js';
import type { PermissionDecision } from './permission-decision.js';
import type { RuleBehavior } from './permission-rule.js';

/**
 * A tool's part in permission checks, all optional (defaults come from its annotations: see
 * `defaultIsReadOnly` and `defaultCheckPermissions`). Given to a `ToolDefinition` as its
 * `permissions` option.
 */
export interface ToolPermissions<A = unknown> {
  /** True when this call changes nothing (then it is allowed in every mode, ask and deny rules aside). */
  isReadOnly?(action: A): boolean;
  /**
   * The tool's own verdict for a call that is not read-only: allow, deny, ask or passthrough. An
   * ask with `bypassImmune` is a safety ask: allow rules cannot silence it, `dontAsk` denies it,
   * `bypass` skips it unless it also names a `protectedPath` (a write to a protected path, which
   * asks in every mode). Not called in `explore` mode, nor after an ask rule matched unless the
   * policy has `confineWrites` (then a deny from the tool wins over the ask rule).
   */
  checkPermissions?(action: A, context: PermissionContext): PermissionDecision | Promise<PermissionDecision>;
  /**
   * True when a rule's `content` (the part in parentheses) matches this call. `behavior` says
   * which kind of rule asks: a tool whose call has parts (a compound shell command) should match
   * a deny or ask rule when ANY part matches, and an allow rule only when EVERY part does.
   * Default: never (only rules without content apply to the tool).
   */
  matchRule?(content: string, action: A, behavior: RuleBehavior): boolean;
  /**
   * Optional, for calls with parts: true when the allow rules' contents TOGETHER cover the call
   * (`git:*` and `npm:*` cover `git status && npm test`). When present, the engine uses it
   * instead of `matchRule` for allow rules with content.
   */
  coveredByAllowRules?(contents: readonly string[], action: A): boolean;
  /** Rule contents that would allow calls like this one (e.g. `src/**`, `git commit:*`). */
  suggestRules?(action: A): string[];
  /** Extra facts shown with an approval request (e.g. the MCP server and tool). */
  approvalMetadata?(action: A): Record<string, unknown> | undefined;
  /**
   * Optional: a promise while the answers above are not ready yet (an analysis still loading, so
   * that building the tool does not wait for it), undefined once they are. The permission engine
   * awaits it before its first question about a call. Until then `isReadOnly` must answer
   * conservatively (false); a load that failed makes the checks deny or throw (the policy then
   * fails closed), never crash the process.
   */
  ready?(): Promise<void> | undefined;
}

/** What the permission engine needs of a tool (a `ToolDefinition` is one). */
export interface PermissionSubject<A = unknown> {
  /** The tool's name (rules are keyed by it). */
  readonly name: string;
  /** See {@link ToolPermissions.isReadOnly}. */
  isReadOnly(action: A): boolean;
  /** See {@link ToolPermissions.checkPermissions}. */
  checkPermissions(action: A, context: PermissionContext): PermissionDecision | Promise<PermissionDecision>;
  /** See {@link ToolPermissions.matchRule}. */
  matchRule(content: string, action: A, behavior: RuleBehavior): boolean;
  /**
   * False when `matchRule` never matches (the engine then skips rules with content without asking:
   * a tool with the default matcher); absent or true: the engine asks `matchRule` rule by rule.
   */
  readonly matchesRuleContent?: boolean;
  /** See {@link ToolPermissions.coveredByAllowRules}. */
  coveredByAllowRules?(contents: readonly string[], action: A): boolean;
  /** See {@link ToolPermissions.suggestRules}. */
  suggestRules(action: A): string[];
  /** See {@link ToolPermissions.ready}: absent, or undefined once the tool's answers are ready. */
  readonly permissionsReady?: () => Promise<void> | undefined;
}
