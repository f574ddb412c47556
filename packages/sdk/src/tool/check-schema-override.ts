import { ErrorCode } from '../errors/error-code.js';
import { ToolwrightError } from '../errors/toolwright-error.js';

/** The methods of a tool class this rule compares (prototype members). */
interface SchemaMethods {
  inputSchema: unknown;
  modelInputSchema: unknown;
  actionFromArguments: unknown;
}

const SCHEMA_METHODS = ['inputSchema', 'modelInputSchema'] as const;

/**
 * The rule for `inputSchema()` overrides: a tool class may replace the schema the model sees only
 * together with the validation of calls (`actionFromArguments()`), as `RawSchemaTool` and
 * `MCPToolDefinition` do. Otherwise the model would be shown one schema while calls are checked
 * against the Action class, so the class is refused at construction (`INVALID_DEFINITION`).
 * `tool` and `base` are the subclass's and `ToolDefinition`'s prototypes.
 */
export function checkSchemaOverride(tool: SchemaMethods, base: SchemaMethods, name: string, actionClass: string): void {
  if (tool.actionFromArguments !== base.actionFromArguments) return;
  for (const method of SCHEMA_METHODS) {
    if (tool[method] === base[method]) continue;
    throw new ToolwrightError({
      code: ErrorCode.INVALID_DEFINITION,
      message:
        `Tool '${name}' overrides ${method}() but not actionFromArguments(): the model would see that schema while calls are validated against the Action class ${actionClass}. ` +
        'Declare the arguments on the Action class (@Field and class-validator decorators: the schema and the validator both come from it), ' +
        'or, for a hand-written JSON Schema, extend RawSchemaTool or override actionFromArguments() as well.',
      details: { tool: name, method },
    });
  }
}
