/**
 * The JSON the console's HTTP API answers with, shared by the server (packages/cli/src/console)
 * and the page (packages/cli/console): one declaration, so the two cannot drift apart. It imports
 * nothing, so the page's type check needs no built package; the server assigns the SDK's
 * `ApprovalRequest`/`ApprovalAnswer`/`InboxEntry` to these shapes, so the compiler keeps them in step.
 */

/** A human's answer to an approval request (the SDK's `ApprovalAnswer`, as JSON). */
export type ApprovalAnswer =
  | { type: 'approve' }
  | { type: 'reject'; reason?: string }
  | { type: 'edit'; arguments: Record<string, unknown> }
  | { type: 'always'; rules?: string[] }
  | { type: 'result'; text: string; isError?: boolean };

/** What an inbox entry asks (the SDK's `ApprovalRequest`, as JSON). */
export interface ApprovalRequest {
  toolCallId: string;
  toolName: string;
  arguments: Record<string, unknown>;
  reason: string;
  suggestedRules: string[];
  bypassImmune: boolean;
  askRule?: string;
  metadata?: Record<string, unknown>;
}

/** One tool of the catalogue (`GET /console/api/tools`). */
export interface CatalogueTool {
  name: string;
  title?: string;
  /** The tool's description, as its server gave it (the page renders it as text). */
  description: string;
  /** `builtin`, `native`, `mcp:<server>`, `group:<id> (<provider>)` or `toolset`. */
  origin: string;
  /** The annotations as declared (MCP hints). */
  annotations: Record<string, unknown>;
  /** The exact input schema (what the form is generated from). */
  inputSchema: Record<string, unknown>;
  /** The output schema, when the tool declares one. */
  outputSchema?: Record<string, unknown>;
  /** The tool in each provider's format, or the reason it cannot be exported there. */
  exports: CatalogueExport[];
}

/** A tool in one provider format. */
export interface CatalogueExport {
  format: 'openai' | 'responses' | 'anthropic' | 'gemini' | 'mcp';
  /** The exported declaration, when the format can offer the tool. */
  declaration?: unknown;
  /** What the export gave up, or why the tool is left out. */
  warnings: string[];
}

/** An MCP upstream or a provider group (`GET /console/api/servers`). */
export interface CatalogueServer {
  kind: 'mcp' | 'group';
  name: string;
  /** `connected` / `failed` for MCP servers; `available` for a group with tools. */
  state: string;
  tools: string[];
  /** Why it failed, when it did. */
  error?: string;
  /** The provider of a group. */
  provider?: string;
}

/** What `GET /console/api/tools` answers. */
export interface CatalogueResponse {
  /** The served toolset's label (the spec file, or the preset). */
  label: string;
  tools: CatalogueTool[];
  servers: CatalogueServer[];
}

/** One problem with a value, at a path (from the tool's own validator). */
export interface ConsoleIssue {
  /** `tags[1].name`; empty for the whole arguments object. */
  path: string;
  message: string;
}

/** What `POST /console/api/validate` answers. */
export type ValidateResponse = { ok: true } | { ok: false; issues: ConsoleIssue[]; message: string };

/** One content block of a result (MCP's shapes: text, image, audio, resource link, embedded resource). */
export type ResultBlock =
  | { type: 'text'; text: string }
  | { type: 'image'; data: string; mimeType: string }
  | { type: 'audio'; data: string; mimeType: string }
  | { type: 'resource_link'; uri: string; name: string; title?: string; description?: string; mimeType?: string }
  | { type: 'resource'; resource: { uri: string; mimeType?: string; text?: string; blob?: string } };

/** What `POST /console/api/call` answers. */
export interface CallResponse {
  content: ResultBlock[];
  isError: boolean;
  errorCode?: string;
  structuredContent?: Record<string, unknown>;
  durationMs: number;
  /** The live-call record of the call. */
  callId: string;
}

/** One call as the Live view shows it (`GET /console/api/calls`, SSE event `call`). */
export interface LiveCall {
  id: string;
  /** The MCP session (`session 3`), or `console`. */
  session: string;
  tool: string;
  /** The arguments, as short JSON. */
  argumentsSummary: string;
  /** ISO-8601 start time. */
  startedAt: string;
  state: 'running' | 'done';
  /** `allow`, `deny`, `invalid`, or `ask → approve` / `ask → reject` / … once known. */
  decision?: string;
  durationMs?: number;
  isError?: boolean;
  errorCode?: string;
  /** The result's first text, shortened. */
  resultSummary?: string;
}

/** One entry of the approvals inbox, as the page shows it. */
export interface ConsoleInboxEntry {
  id: string;
  request: ApprovalRequest;
  source: { kind: string; label: string; process: string };
  createdAt: string;
  binding: string;
  state: 'pending' | 'answered' | 'withdrawn';
  answer?: ApprovalAnswer;
  answeredAt?: string;
  answeredBy?: string;
  /** The rules an "always" answer adds (none for a safety ask or an ask rule). */
  alwaysRules: string[];
  /** Why "always" adds no rule, when it adds none. */
  alwaysNote?: string;
}

/** The body of `POST /console/api/inbox/answer`. */
export interface InboxAnswerBody {
  id: string;
  binding: string;
  answer: ApprovalAnswer;
}

/** One line of the audit log (`GET /console/api/audit`). */
export interface AuditRow {
  time: string;
  toolCallId?: string;
  tool: string;
  decision: string;
  reason?: string;
  note?: string;
  rule?: string;
  mode?: string;
  argumentNames?: string[];
}

/** What `GET /console/api/audit` answers. */
export interface AuditResponse {
  /** The file read, or undefined when the console has no audit log. */
  file?: string;
  rows: AuditRow[];
  /** True when more lines matched than `limit`. */
  truncated: boolean;
}

/** An error answer of the API: `{ error }` with the HTTP status. */
export interface ApiError {
  error: string;
  issues?: ConsoleIssue[];
}
