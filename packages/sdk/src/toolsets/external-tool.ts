import { askDecision } from '../policy/permission-decision.js';
import type { JsonSchema } from '../schema/json-schema.js';
import { typeName } from '../schema/validation-issue.js';
import { MCPToolAction } from '../mcp/mcp-tool-action.js';
import { SchemaValidatorCache } from '../mcp/schema-validator-cache.js';
import type { SchemaCheck } from '../mcp/schema-validator-cache.js';
import { ErrorCode } from '../errors/error-code.js';
import { ToolwrightError } from '../errors/toolwright-error.js';
import { Observation } from '../tool/observation.js';
import type { ToolAnnotations } from '../tool/tool-annotations.js';
import { ToolDefinition } from '../tool/tool-definition.js';

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

const validators = new SchemaValidatorCache();

/**
 * A tool described by raw JSON Schema that the caller executes: arguments are validated against
 * the schema, then the call ends pending (deferred, like an approval: `ToolCallResult.pending`
 * with `request.metadata.external === true`); the host runs it and gives the model its result.
 * Its permission check asks (a safety ask: no rule allows it); in `bypass` mode the engine allows
 * every call, and invoking it gives an error Observation saying the caller runs it.
 */
export class ExternalTool extends ToolDefinition<MCPToolAction> {
  /** The raw schema. */
  readonly parameters!: JsonSchema;
  private check?: SchemaCheck;

  constructor(spec: ExternalToolSpec) {
    if (typeof spec?.parameters !== 'object' || spec.parameters === null || Array.isArray(spec.parameters)) {
      throw new ToolwrightError({ code: ErrorCode.INVALID_DEFINITION, message: `External tool '${String(spec?.name)}' needs parameters: a JSON Schema object.` });
    }
    super({
      name: spec.name,
      description: spec.description,
      actionType: MCPToolAction,
      annotations: spec.annotations,
      timeoutMs: 0,
      permissions: {
        isReadOnly: () => false,
        checkPermissions: () => askDecision({ reason: 'tool', bypassImmune: true, message: `'${spec.name}' is run by the caller (external tool).` }),
        approvalMetadata: () => ({ external: true }),
      },
      executor: {
        execute: () => {
          const observation = new Observation();
          observation.isError = true;
          observation.errorCode = ErrorCode.NO_EXECUTOR;
          observation.content = [{ type: 'text', text: `Tool '${spec.name}' is run by the caller, not here; its result comes from the caller.` }];
          return observation;
        },
      },
    });
    Object.assign(this, { parameters: spec.parameters });
  }

  /** Nothing to read from classes: the schema is given. */
  protected override prepareDeclaration(): void {}

  /** The given schema. */
  override inputSchema(): JsonSchema {
    return this.parameters;
  }

  /** The given schema. */
  override modelInputSchema(): JsonSchema {
    return this.parameters;
  }

  /** Validates the arguments against the schema (`INVALID_ARGUMENTS` naming each path). */
  override actionFromArguments(args: unknown): MCPToolAction {
    const input = args ?? {};
    if (typeof input !== 'object' || input === null || Array.isArray(input)) {
      const received = typeName(input);
      const problem = `expected an object of arguments, got ${received}`;
      throw this.invalidArguments([{ path: '', expected: 'an object of arguments', received, problem, message: `(root): ${problem}` }]);
    }
    const issues = (this.check ??= validators.get(this.parameters))(input);
    if (issues.length > 0) throw this.invalidArguments(issues);
    const action = new MCPToolAction();
    action.data = input as Record<string, unknown>;
    return action;
  }
}
