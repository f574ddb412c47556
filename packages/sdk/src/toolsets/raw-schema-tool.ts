import type { JsonSchema } from '../schema/json-schema.js';
import { typeName } from '../schema/validation-issue.js';
import { MCPToolAction } from '../mcp/mcp-tool-action.js';
import { SchemaValidatorCache } from '../mcp/schema-validator-cache.js';
import type { SchemaCheck } from '../mcp/schema-validator-cache.js';
import { ToolDefinition } from '../tool/tool-definition.js';
import type { ToolDefinitionOptions } from '../tool/tool-definition.js';
import type { Observation } from '../tool/observation.js';

/** Options of {@link RawSchemaTool}: a tool's options with a JSON Schema instead of an Action class. */
export type RawSchemaToolOptions = Omit<ToolDefinitionOptions<MCPToolAction, Observation>, 'actionType'> & {
  /** The arguments' JSON Schema, as the model sees it. */
  parameters: JsonSchema;
};

/** One cache for every raw-schema tool: equal schemas (e.g. `reset_tools` per activation state) compile once. */
const validators = new SchemaValidatorCache();

/**
 * A tool whose arguments are described by a JSON Schema (for the meta tools whose schema is built
 * per turn, and external tools). Arguments are validated against that schema like every other
 * tool's (`INVALID_ARGUMENTS` naming each path: an unknown field under `additionalProperties:
 * false`, a value outside an `enum`, a missing required field); the executor gets valid data.
 */
export class RawSchemaTool extends ToolDefinition<MCPToolAction> {
  readonly parameters!: JsonSchema;
  private check?: SchemaCheck;

  constructor(options: RawSchemaToolOptions) {
    const { parameters, ...rest } = options;
    super({ ...rest, actionType: MCPToolAction });
    Object.assign(this, { parameters });
  }

  /** Nothing to read from classes. */
  protected override prepareDeclaration(): void {}

  /** The given schema. */
  override inputSchema(): JsonSchema {
    return this.parameters;
  }

  /** The given schema. */
  override modelInputSchema(): JsonSchema {
    return this.parameters;
  }

  /** The arguments, when they are an object that `parameters` accepts; else `INVALID_ARGUMENTS` listing every issue. */
  override actionFromArguments(args: unknown): MCPToolAction {
    const input = args ?? {};
    if (typeof input !== 'object' || input === null || Array.isArray(input)) {
      const received = typeName(input);
      const problem = `expected an object of arguments, got ${received}`;
      throw this.invalidArguments([{ path: '', expected: 'an object of arguments', received, problem, message: `(root): ${problem}` }]);
    }
    const data = { ...(input as Record<string, unknown>) };
    const issues = (this.check ??= validators.get(this.parameters))(data);
    if (issues.length > 0) throw this.invalidArguments(issues);
    const action = new MCPToolAction();
    action.data = data;
    return action;
  }
}
