import { allowDecision } from '../policy/permission-decision.js';
import { PENDING_APPROVAL_TYPE } from '../policy/pending-approval.js';
import type { PendingApproval } from '../policy/pending-approval.js';
import type { JsonSchema } from '../schema/json-schema.js';
import type { MCPToolAction } from '../mcp/mcp-tool-action.js';
import { ErrorCode } from '../errors/error-code.js';
import { ToolwrightError } from '../errors/toolwright-error.js';
import { Observation } from '../tool/observation.js';
import type { ToolContext } from '../tool/tool-context.js';
import type { ToolAnnotations } from '../tool/tool-annotations.js';
import { RawSchemaTool } from './raw-schema-tool.js';

/** A tool the caller runs: its name, description and raw JSON Schema for the arguments. */
export interface ExternalToolSpec {
  /** The model-facing name. */
  name: string;
  /** What the tool does, for the model. */
  description: string;
  /** The arguments' JSON Schema (an object schema). */
  parameters: JsonSchema;
  /** MCP annotations (shown with the approval request). */
  annotations?: ToolAnnotations;
}

/**
 * A tool described by raw JSON Schema that the caller executes: arguments are validated against
 * the schema, then the call ends pending (`ToolCallResult.pending`, plain JSON, with
 * `request.metadata.external === true`) in every policy mode and without a policy: nothing runs
 * here. The host runs it and finishes the call with `agent.resume(pending, { [id]: { type:
 * 'result', text } })`. Its permission check allows (deny rules still deny; `explore` mode denies
 * it unless `annotations.readOnlyHint`); called outside an Agent it fails with `NOT_SUPPORTED`.
 */
export class ExternalTool extends RawSchemaTool {
  constructor(spec: ExternalToolSpec) {
    if (typeof spec?.parameters !== 'object' || spec.parameters === null || Array.isArray(spec.parameters)) {
      throw new ToolwrightError({ code: ErrorCode.INVALID_DEFINITION, message: `External tool '${String(spec?.name)}' needs parameters: a JSON Schema object.` });
    }
    super({
      name: spec.name,
      description: spec.description,
      parameters: spec.parameters,
      annotations: spec.annotations,
      timeoutMs: 0,
      permissions: {
        isReadOnly: () => spec.annotations?.readOnlyHint === true,
        // Nothing runs here, so there is nothing to approve: the call pends for the caller.
        checkPermissions: () => allowDecision({ reason: 'tool', message: `'${spec.name}' is run by the caller (external tool).` }),
        approvalMetadata: () => ({ external: true }),
      },
      executor: { execute: (action: MCPToolAction, ctx: ToolContext) => pendForCaller(spec.name, action, ctx) },
    });
  }
}

/** The caller's result given through `agent.resume`, else the call ends pending for the caller. */
function pendForCaller(name: string, action: MCPToolAction, ctx: ToolContext): Observation {
  const given = ctx.takeCallerResult();
  if (given) return Observation.fromText(given.text, { isError: given.isError === true });
  const reason = `'${ctx.toolName}' is run by the caller (external tool).`;
  const pending: PendingApproval = {
    type: PENDING_APPROVAL_TYPE,
    version: 1,
    request: { toolCallId: ctx.toolCallId, toolName: ctx.toolName, arguments: { ...action.data }, reason, suggestedRules: [], bypassImmune: true, metadata: { external: true } },
    action: action.toJSON(),
  };
  if (ctx.state?.id !== undefined) pending.conversationId = ctx.state.id;
  if (!ctx.leavePending(pending)) {
    throw new ToolwrightError({ code: ErrorCode.NOT_SUPPORTED, message: `Tool '${name}' is run by the caller: call it through an Agent (the call ends pending) and finish it with agent.resume.`, details: { tool: name } });
  }
  return Observation.fromText(`The call of tool '${ctx.toolName}' is run by the caller; it has not run yet and its result comes from the caller.`);
}
