import type { JsonSchema } from '../schema/json-schema.js';
import { typeName } from '../schema/validation-issue.js';
import { MCPToolAction } from '../mcp/mcp-tool-action.js';
import { ToolDefinition } from '../tool/tool-definition.js';
import type { ToolDefinitionOptions } from '../tool/tool-definition.js';
import type { Observation } from '../tool/observation.js';

/** Options of {@link RawSchemaTool}: a tool's options with a JSON Schema instead of an Action class. */
export type RawSchemaToolOptions = Omit<ToolDefinitionOptions<MCPToolAction, Observation>, 'actionType'> & {
  /** The arguments' JSON Schema, as the model sees it. */
  parameters: JsonSchema;
};

/**
 * A tool whose arguments are described by a JSON Schema (for the meta tools whose schema is built
 * per turn). Arguments must be an object; the executor checks the rest and throws
 * `INVALID_ARGUMENTS` with a precise message.
 */
export class RawSchemaTool extends ToolDefinition<MCPToolAction> {
  readonly parameters!: JsonSchema;

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

  /** Any object of arguments (the executor checks them). */
  override actionFromArguments(args: unknown): MCPToolAction {
    const input = args ?? {};
    if (typeof input !== 'object' || input === null || Array.isArray(input)) {
      const received = typeName(input);
      const problem = `expected an object of arguments, got ${received}`;
      throw this.invalidArguments([{ path: '', expected: 'an object of arguments', received, problem, message: `(root): ${problem}` }]);
    }
    const action = new MCPToolAction();
    action.data = { ...(input as Record<string, unknown>) };
    return action;
  }
}
