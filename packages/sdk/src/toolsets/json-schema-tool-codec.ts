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
 * is the checked object itself. `where` names the schema in errors (`Tool 'x': input`).
 */
export function jsonSchemaToolCodec(schema: JsonSchema, where: string): ToolSchemaCodec<Record<string, unknown>> {
  const jsonSchema = objectJsonSchema(schema, where);
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
