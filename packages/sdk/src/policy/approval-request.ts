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
  /** The tool's `approvalMetadata(action)`, when it gives any. */
  metadata?: Record<string, unknown>;
}
