import type { JsonSchema } from '../schema/json-schema.js';
import { isPromiseLike } from '../util/guards.js';
import type { StandardJSONSchemaV1, StandardSchemaV1 } from './standard-schema.js';
import { validationIssueOf } from './standard-schema-issue.js';
import { invalidDefinition, objectJsonSchema } from './tool-schema-codec.js';
import type { ToolSchemaCodec, ToolSchemaResult } from './tool-schema-codec.js';

/** The JSON Schema of a Standard Schema: the schema itself, or the library's converter called with the schema. */
export type JsonSchemaSource<S> = JsonSchema | ((schema: S) => JsonSchema | Record<string, unknown>);

/** The JSON Schema version asked of a library's own converter (MCP's default dialect). */
const TARGET = 'draft-2020-12';

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The JSON Schema for `side` (`input`: what the schema accepts; `output`: what it gives back) of
 * a Standard Schema: `given` when there is one (a schema, or a converter such as Valibot's
 * `toJsonSchema`), else the library's own converter (Standard JSON Schema's `~standard.jsonSchema`,
 * which Zod 4 implements with `z.toJSONSchema`). A schema with neither, or one the converter cannot
 * express (a `Date`, a transform's output), is `INVALID_DEFINITION` naming the way out.
 */
function convertedJsonSchema<S extends StandardSchemaV1>(schema: S, side: 'input' | 'output', given: JsonSchemaSource<S> | undefined, where: string, option: string): JsonSchema {
  const vendor = schema['~standard'].vendor;
  if (typeof given === 'function') {
    let converted: unknown;
    try {
      converted = given(schema);
    } catch (error) {
      throw invalidDefinition(`${where}: the ${option} converter threw: ${messageOf(error)}.`, where);
    }
    return objectJsonSchema(converted, where);
  }
  if (given !== undefined) return objectJsonSchema(given, where);
  const converter = (schema['~standard'] as Partial<StandardJSONSchemaV1.Props>).jsonSchema;
  if (typeof converter?.[side] !== 'function') {
    throw invalidDefinition(
      `${where}: its ${vendor} schema cannot tell its JSON Schema (it does not implement Standard JSON Schema, '~standard.jsonSchema'). ` +
        `Pass ${option}: the JSON Schema, or the library's converter (schema) => JSON Schema, e.g. Valibot's toJsonSchema from @valibot/to-json-schema.`,
      where,
    );
  }
  let converted: unknown;
  try {
    converted = converter[side]({ target: TARGET });
  } catch (error) {
    throw invalidDefinition(`${where}: ${vendor} cannot express its ${side} type as JSON Schema: ${messageOf(error)}. Change the schema, or pass ${option}.`, where);
  }
  return objectJsonSchema(converted, where);
}

/**
 * The codec of a Standard Schema (Zod 4, Valibot, ArkType, …): advertised with its library's own
 * JSON Schema (see `convertedJsonSchema`), checked by the library's `validate`, whose output (transforms
 * and defaults applied) is the value. An asynchronous `validate` gives a promise. Each issue keeps
 * its path, what was expected and what was there.
 */
export function standardSchemaToolCodec<S extends StandardSchemaV1>(
  schema: S,
  side: 'input' | 'output',
  given: JsonSchemaSource<S> | undefined,
  where: string,
  option: string,
): ToolSchemaCodec<StandardSchemaV1.InferOutput<S>> {
  type Out = StandardSchemaV1.InferOutput<S>;
  const jsonSchema = convertedJsonSchema(schema, side, given, where, option);
  const props = schema['~standard'];
  const settle = (value: unknown, result: StandardSchemaV1.Result<Out>): ToolSchemaResult<Out> =>
    result.issues ? { ok: false, issues: result.issues.map((issue) => validationIssueOf(issue, value)) } : { ok: true, value: result.value };
  return {
    jsonSchema,
    source: props.vendor,
    parse(value) {
      const result = props.validate(value) as StandardSchemaV1.Result<Out> | Promise<StandardSchemaV1.Result<Out>>;
      return isPromiseLike(result) ? Promise.resolve(result).then((r) => settle(value, r)) : settle(value, result);
    },
  };
}
