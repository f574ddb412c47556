import { ErrorCode } from '../errors/error-code.js';
import { ToolwrightError } from '../errors/toolwright-error.js';
import { deepFreeze } from '../schema/deep-freeze.js';
import type { JsonSchema } from '../schema/json-schema.js';
import type { ValidationIssue } from '../schema/validation-issue.js';

/** What checking a value against a tool's schema gives: the value to use, or every issue. */
export type ToolSchemaResult<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly issues: ValidationIssue[] };

/**
 * One schema of a schema-first tool (its input or its output): the JSON Schema advertised to
 * models and MCP clients, and the check that gives the value the tool works with. Built at
 * definition time, so a schema without a JSON Schema fails there.
 */
export interface ToolSchemaCodec<T> {
  /** The advertised JSON Schema (an object schema). */
  readonly jsonSchema: JsonSchema;
  /** Who made it, for messages: `JSON Schema` or the Standard Schema vendor (`zod`). */
  readonly source: string;
  /** Checks a value: synchronously, or a promise when the library validates asynchronously. */
  parse(value: unknown): ToolSchemaResult<T> | Promise<ToolSchemaResult<T>>;
}

/**
 * A copy of `schema`, frozen, when it is a JSON object schema (`type: 'object'`: tool arguments and
 * MCP structured results are objects); else `INVALID_DEFINITION` naming `where` (`Tool 'x': input`).
 */
export function objectJsonSchema(schema: unknown, where: string): JsonSchema {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
    throw invalidDefinition(`${where} must be a JSON Schema object or a Standard Schema (Zod, Valibot, ArkType), got ${schema === null ? 'null' : Array.isArray(schema) ? 'an array' : typeof schema}.`, where);
  }
  let copy: JsonSchema;
  try {
    copy = structuredClone(schema) as JsonSchema;
  } catch (error) {
    throw invalidDefinition(`${where}: the JSON Schema is not plain data (${error instanceof Error ? error.message : String(error)}).`, where);
  }
  if (copy.type !== 'object') {
    const got = copy.type === undefined ? 'no type' : `type ${JSON.stringify(copy.type)}`;
    throw invalidDefinition(`${where}: the JSON Schema must describe an object (type: 'object'), got ${got}. Wrap the value in an object with one property.`, where);
  }
  return deepFreeze(copy);
}

/** The configuration error of a schema-first tool. */
export function invalidDefinition(message: string, where: string): ToolwrightError {
  return new ToolwrightError({ code: ErrorCode.INVALID_DEFINITION, message, details: { where } });
}
