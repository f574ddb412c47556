import type { PermissionRule } from './permission-rule.js';

/** The outcome of a permission check; `passthrough` means "no opinion, let the rules decide". */
export type PermissionBehavior = 'allow' | 'ask' | 'deny' | 'passthrough';

/**
 * Why a decision was taken: a user `rule`, the call being `readOnly`, the `tool`'s own check, a
 * `safety` check of the tool (a safety ask, see `bypassImmune`), the `mode`, the `fallback` at the end of the
 * order, or the `user` answering an approval request.
 */
export type DecisionReason = 'rule' | 'readOnly' | 'tool' | 'safety' | 'mode' | 'fallback' | 'user';

/** A permission decision: from a tool's `checkPermissions`, or the engine's final word. */
export interface PermissionDecision {
  /** Allow, ask, deny or passthrough. */
  behavior: PermissionBehavior;
  /** Human- and model-readable explanation. */
  message?: string;
  /** Why. */
  reason?: DecisionReason;
  /** The rule that decided, when one did. */
  rule?: PermissionRule;
  /** Arguments to run instead of the model's (validated again before they are used). */
  updatedInput?: Record<string, unknown>;
  /** Rules that would allow calls like this one (offered with an ask; "always" adds them). */
  suggestedRules?: PermissionRule[];
  /**
   * A safety ask (the name is kept for compatibility; it does not mean "holds in bypass"): allow
   * rules cannot silence it and "always" saves no rule for it; `dontAsk` turns it into a deny;
   * `bypass` mode skips it unless it is also a protected-path ask ({@link protectedPath}).
   */
  bypassImmune?: boolean;
  /**
   * Set on a safety ask about writing a protected path: the entry it matched (`.git`, `.bashrc`,
   * `.github/workflows`). Such an ask holds in every mode, `bypass` included (`dontAsk` denies it).
   */
  protectedPath?: string;
}

/** Fields of a decision besides its behavior. */
export type DecisionFields = Omit<PermissionDecision, 'behavior'>;

/** An `allow` decision. */
export function allowDecision(fields: DecisionFields = {}): PermissionDecision {
  return { behavior: 'allow', ...fields };
}

/** An `ask` decision; pass `bypassImmune: true` for a safety check. */
export function askDecision(fields: DecisionFields = {}): PermissionDecision {
  return { behavior: 'ask', ...fields };
}

/** A `deny` decision. */
export function denyDecision(fields: DecisionFields = {}): PermissionDecision {
  return { behavior: 'deny', ...fields };
}

/** A `passthrough` decision: the tool has no opinion. */
export function passthroughDecision(fields: DecisionFields = {}): PermissionDecision {
  return { behavior: 'passthrough', ...fields };
}
