/** A question for the user through the caller's client (MCP elicitation's shape). */
export interface ApprovalElicitRequest {
  /** What to ask. */
  message: string;
  /** The shape of the answer: a flat object JSON Schema. */
  requestedSchema: Record<string, unknown>;
}

/** The client's answer to an {@link ApprovalElicitRequest}. */
export interface ApprovalElicitResult {
  action: 'accept' | 'decline' | 'cancel';
  /** The answer, when accepted. */
  content?: Record<string, unknown>;
}

/** What an approval callback gets besides the request: the call's signal and, when the caller's client can ask its user, `elicit`. */
export interface ApprovalContext {
  /** Aborted when the call is cancelled. */
  readonly signal?: AbortSignal;
  /** Asks the user through the caller's client (e.g. MCP elicitation); absent when the client cannot. */
  readonly elicit?: (request: ApprovalElicitRequest) => Promise<ApprovalElicitResult>;
}
