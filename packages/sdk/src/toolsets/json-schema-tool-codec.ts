import { ErrorCode } from '../errors/error-code.js';
import { ToolwrightError } from '../errors/toolwright-error.js';
import { SchemaValidatorCache } from '../mcp/schema-validator-cache.js';
import type { SchemaCheck } from '../mcp/schema-validator-cache.js';
import type { JsonSchema } from '../schema/json-schema.js';
import { objectJsonSchema } from '../tool/tool-schema-codec.js';
import type { ToolSchemaCodec } from '../tool/tool-schema-codec.js';

/** One cache for every schema-first tool's JSON Schema: equal schemas compile once. */
const validators = new SchemaValidatorCache();

/**
 * The codec of a plain JSON Schema: advertised as given (copied and frozen) and checked by the
 * same compiled checker MCP tools' arguments go through ({@link SchemaValidatorCache}: the
 * closure-built checker, ajv deciding every rejection), compiled on the first value. The value
 * is the checked object itself. `where` names the schema in errors (`Tool 'x': input`). A schema
 * ajv cannot compile is a configuration mistake: `INVALID_DEFINITION` here, at definition.
 */
export function jsonSchemaToolCodec(schema: JsonSchema, where: string): ToolSchemaCodec<Record<string, unknown>> {
  const jsonSchema = objectJsonSchema(schema, where);
  const problem = validators.compileProblem(jsonSchema);
  if (problem !== undefined) {
    throw new ToolwrightError({ code: ErrorCode.INVALID_DEFINITION, message: `${where}: the JSON Schema does not compile (${problem}); fix the schema.` });
  }
  let check: SchemaCheck | undefined;
  return {
    jsonSchema,
    source: 'JSON Schema',
    parse(value) {
      const issues = (check ??= validators.get(jsonSchema))(value);
      return issues.length === 0 ? { ok: true, value: value as Record<string, unknown> } : { ok: false, issues };
    },
  };
}
