/**
 * A call the permission engine wants a human to approve: what an `ApprovalRequestEvent` carries,
 * what an approval callback receives, and what deferred mode hands back (plain JSON).
 */
export interface ApprovalRequest {
  /** The model's tool-call id. */
  toolCallId: string;
  /** The tool's name. */
  toolName: string;
  /** The arguments as the model sent them (validated; injected fields such as `security_risk` removed). `agent.resume` runs them again. */
  arguments: Record<string, unknown>;
  /** Why approval is needed (the decision's message). */
  reason: string;
  /** Rules that would allow calls like this one (`Tool(content)` syntax); answering "always" adds them. */
  suggestedRules: string[];
  /** True for a safety ask: "always" then approves this call only and adds no rule. */
  bypassImmune: boolean;
  /**
   * The ask rule that made this call ask (`Tool(content)` syntax), when one did. Ask rules come
   * before allow rules (AgentScope's step 2, Claude Code's deny → ask → allow), so no allow rule
   * can silence them: "always" then approves this call only and adds no rule (`suggestedRules` is
   * empty). To stop the question, remove the ask rule.
   */
  askRule?: string;
  /** The tool's `approvalMetadata(action)`, when it gives any. */
  metadata?: Record<string, unknown>;
}
