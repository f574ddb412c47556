import { ErrorCode } from '../errors/error-code.js';
import { ToolwrightError } from '../errors/toolwright-error.js';
import { codecOf } from '../schema/codec.js';
import type { JsonSchema } from '../schema/json-schema.js';
import { jsonSchemaToolCodec } from '../toolsets/json-schema-tool-codec.js';
import { isStandardSchema } from '../tool/standard-schema.js';
import type { StandardSchemaV1 } from '../tool/standard-schema.js';
import { standardSchemaToolCodec } from '../tool/standard-schema-tool-codec.js';
import type { ToolSchemaCodec } from '../tool/tool-schema-codec.js';
import type { ActionClass } from '../tool/action.js';
import { Action } from '../tool/action.js';

/**
 * The arguments of a prompt: an Action class (decorated fields, checked by class-validator's
 * rules compiled like a tool's), a Standard Schema (Zod 4, Valibot, ArkType), or a JSON Schema
 * object. MCP sends prompt arguments as strings, so every property must be a string.
 */
export type PromptArgumentsSchema = ActionClass | StandardSchemaV1 | JsonSchema;

function definitionError(message: string, where: string): ToolwrightError {
  return new ToolwrightError({ code: ErrorCode.INVALID_DEFINITION, message, details: { where } });
}

function isActionClass(value: unknown): value is ActionClass {
  return typeof value === 'function' && (value === Action || (value as { prototype?: unknown }).prototype instanceof Action);
}

/**
 * The codec of a prompt's arguments (`where`: `Prompt 'review': arguments`), built at definition:
 * a schema that is not an object of string properties fails here with `INVALID_DEFINITION`.
 */
export function promptArgumentsCodec(schema: PromptArgumentsSchema, where: string): ToolSchemaCodec<Record<string, unknown>> {
  let codec: ToolSchemaCodec<Record<string, unknown>>;
  if (isActionClass(schema)) {
    const actions = codecOf(schema);
    codec = {
      jsonSchema: actions.model.schema,
      source: `class ${schema.name}`,
      parse: (value) => {
        const result = actions.parse(value);
        return result.ok ? { ok: true, value: result.value as unknown as Record<string, unknown> } : result;
      },
    };
  } else if (isStandardSchema(schema)) {
    codec = standardSchemaToolCodec(schema, 'input', undefined, where, 'jsonSchema') as ToolSchemaCodec<Record<string, unknown>>;
  } else if (typeof schema === 'function') {
    throw definitionError(`${where}: ${(schema as { name?: string }).name || 'the class'} is not an Action class; declare prompt arguments as a class extending Action, a Standard Schema (Zod, Valibot, ArkType) or a JSON Schema object.`, where);
  } else {
    codec = jsonSchemaToolCodec(schema, where);
  }
  for (const [name, property] of Object.entries(codec.jsonSchema.properties ?? {})) {
    const type = (property as JsonSchema).type;
    if (type !== undefined && type !== 'string') {
      throw definitionError(
        `${where}: argument '${name}' is ${JSON.stringify(type)}, but MCP sends prompt arguments as strings; declare it a string (e.g. with a pattern or an enum) and convert it in render.`,
        where,
      );
    }
  }
  return codec;
}
