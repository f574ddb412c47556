/**
 * Stable string codes carried by every {@link ToolwrightError}. Codes never change meaning; new
 * ones may be added.
 *
 * Who is at fault decides how an error travels: configuration codes are thrown at definition or
 * registration time; model and execution codes become error Observations the model can act on.
 */
export const ErrorCode = {
  /** A tool call named a tool the agent does not have. */
  UNKNOWN_TOOL: 'UNKNOWN_TOOL',
  /** A tool call's `arguments` string is not valid JSON. */
  INVALID_JSON: 'INVALID_JSON',
  /** A tool call's arguments do not match the tool's schema. */
  INVALID_ARGUMENTS: 'INVALID_ARGUMENTS',
  /** The executor threw, or returned something unusable. */
  EXECUTION_FAILED: 'EXECUTION_FAILED',
  /** The call ran past its time limit. */
  TIMEOUT: 'TIMEOUT',
  /** The call was aborted through its `AbortSignal`. */
  ABORTED: 'ABORTED',
  /** A spec named a tool that no registry entry has. */
  NOT_REGISTERED: 'NOT_REGISTERED',
  /** Two tools (or registrations) claim the same name. */
  DUPLICATE_TOOL: 'DUPLICATE_TOOL',
  /** A spec's `params` do not match the tool's Params class. */
  INVALID_PARAMS: 'INVALID_PARAMS',
  /** An agent spec (file or object) is malformed. */
  INVALID_SPEC: 'INVALID_SPEC',
  /** A tool, Action, Observation or Params declaration is wrong. */
  INVALID_DEFINITION: 'INVALID_DEFINITION',
  /** `call()` on a tool that has no executor. */
  NO_EXECUTOR: 'NO_EXECUTOR',
  /** A serialized event or value names a `kind` nobody declared. */
  UNKNOWN_KIND: 'UNKNOWN_KIND',
  /** An MCP server could not be reached, or its connection broke. */
  MCP_CONNECTION: 'MCP_CONNECTION',
  /** An MCP server's configuration is wrong. */
  MCP_CONFIG: 'MCP_CONFIG',
  /** A tool group id (or `group/tool` reference) names no registered group. */
  UNKNOWN_TOOL_GROUP: 'UNKNOWN_TOOL_GROUP',
  /** A tool group id is already registered with a different definition. */
  DUPLICATE_TOOL_GROUP: 'DUPLICATE_TOOL_GROUP',
  /** Credentials are missing, or the service rejected them (HTTP 401/403). */
  AUTH_REQUIRED: 'AUTH_REQUIRED',
  /** The object (client, conversation, agent) was already closed. */
  CLOSED: 'CLOSED',
  /** The permission policy denied the call (a deny rule, the mode, or the tool's own check). */
  PERMISSION_DENIED: 'PERMISSION_DENIED',
  /** A human rejected the call when asked for approval. */
  APPROVAL_REJECTED: 'APPROVAL_REJECTED',
  /** A call hook (pre or post) threw; the message names the hook. */
  HOOK_FAILED: 'HOOK_FAILED',
  /** A tool asked the client for something it does not offer (logging, sampling, elicitation). */
  NOT_SUPPORTED: 'NOT_SUPPORTED',
  /** Options passed to a call (`timeoutMs`, …) are invalid: a caller's configuration mistake. */
  INVALID_OPTIONS: 'INVALID_OPTIONS',
  /** Our own bug: an invariant did not hold. */
  INTERNAL: 'INTERNAL',
} as const;

/** One of the {@link ErrorCode} values. */
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];
