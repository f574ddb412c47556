import { ErrorCode } from '../errors/error-code.js';
import { ToolwrightError } from '../errors/toolwright-error.js';
import type { JsonSchema } from '../schema/json-schema.js';
import type { ToolPermissions } from '../policy/tool-permissions.js';
import { jsonSchemaToolCodec } from './json-schema-tool-codec.js';
import type { SchemaToolAction } from '../tool/schema-tool-action.js';
import { SchemaTool } from './schema-tool.js';
import type { SchemaToolResult } from '../tool/schema-tool-result.js';
import { isStandardSchema } from '../tool/standard-schema.js';
import type { StandardSchemaV1 } from '../tool/standard-schema.js';
import { standardSchemaToolCodec } from '../tool/standard-schema-tool-codec.js';
import type { JsonSchemaSource } from '../tool/standard-schema-tool-codec.js';
import type { ToolAnnotations } from '../tool/tool-annotations.js';
import type { ToolContext } from '../tool/tool-context.js';
import type { ToolMiddleware } from '../tool/tool-middleware.js';
import type { ToolSchemaCodec } from '../tool/tool-schema-codec.js';

/** A schema-first tool's schema: any Standard Schema (Zod 4, Valibot, ArkType, …) or a JSON Schema object. */
export type ToolSchema = StandardSchemaV1 | JsonSchema;

/** What `execute` gets for an input schema: a Standard Schema's output type, else `Fallback` (the arguments object). */
export type InferToolInput<S, Fallback = Record<string, unknown>> = S extends StandardSchemaV1 ? StandardSchemaV1.InferOutput<S> : Fallback;

/** What `execute` may return as the structured result for an output schema: a Standard Schema's input type, else an object. */
export type InferToolOutput<S> = S extends StandardSchemaV1 ? StandardSchemaV1.InferInput<S> : Record<string, unknown>;

/**
 * Options of {@link defineTool}. `I` is the input schema's type, `O` the output schema's (none:
 * `undefined`), `T` what `execute` gets (inferred from a Standard Schema; for a JSON Schema, the
 * arguments object, or the type given as `defineTool<T>(…)`).
 */
export interface DefineToolOptions<I extends ToolSchema, O extends ToolSchema | undefined = undefined, T = InferToolInput<I>> {
  /** The tool's name, as the model calls it (letters, digits, `_`, `-`). */
  name: string;
  /** What the tool does, for the model. */
  description: string;
  /** Human title. */
  title?: string;
  /**
   * The arguments: a Standard Schema (its library validates them and `execute` gets its output,
   * transforms and defaults applied; its JSON Schema comes from the library's own converter, see
   * `jsonSchema`) or a JSON Schema object (checked by the compiled checker MCP tools use).
   */
  input: I;
  /**
   * For a Standard Schema whose library does not implement Standard JSON Schema
   * (`~standard.jsonSchema`; Zod 4 does): the JSON Schema the model sees, or the library's
   * converter, e.g. `jsonSchema: toJsonSchema` from `@valibot/to-json-schema`. It must describe
   * what the schema accepts: calls are checked by the schema, not by this.
   */
  jsonSchema?: JsonSchemaSource<I>;
  /**
   * The structured result (MCP `outputSchema`): a Standard Schema or a JSON Schema object. `execute`
   * must then return an object it accepts (or an Observation); the checked value is the result's
   * `structuredContent`.
   */
  output?: O;
  /** The output's JSON Schema or converter, as `jsonSchema` is the input's (for a Standard Schema without `~standard.jsonSchema`). */
  outputJsonSchema?: JsonSchemaSource<O>;
  /** MCP annotations: `readOnlyHint: true` lets a policy allow calls without asking; unset hints take MCP's defaults. */
  annotations?: ToolAnnotations;
  /** Free-form metadata (`_meta` in MCP). */
  meta?: Record<string, unknown>;
  /** Time limit per call in ms (0 = none; default 5 minutes). */
  timeoutMs?: number;
  /**
   * The tool's part in permission checks (rule matching, its own check, suggestions), on the
   * call's Action: `action.input` is the validated input, `action.data` the arguments as sent
   * (read `data` for a schema whose `validate` is asynchronous: its input is known when the call runs).
   */
  permissions?: ToolPermissions<SchemaToolAction<T>>;
  /** Tool middleware, first outermost. */
  middleware?: ToolMiddleware[];
  /** The resources a call touches (calls sharing one never run at once); `[]` lets calls run beside any other. Same Action as `permissions`. */
  resources?: (action: SchemaToolAction<T>) => readonly string[];
  /**
   * Runs a call with the validated input. Returns a text, content blocks, an Observation, an
   * object (the structured result; with `output`, one that schema accepts), or a stream of chunks.
   * Throwing is fine: the error becomes an error Observation.
   */
  execute(input: T, ctx: ToolContext): SchemaToolResult<InferToolOutput<O>> | Promise<SchemaToolResult<InferToolOutput<O>>>;
}

function schemaCodec<S extends ToolSchema>(schema: S, side: 'input' | 'output', given: JsonSchemaSource<S> | undefined, where: string, option: string): ToolSchemaCodec<unknown> {
  if (isStandardSchema(schema)) return standardSchemaToolCodec(schema, side, given as JsonSchemaSource<StandardSchemaV1> | undefined, where, option);
  if (given !== undefined) {
    throw new ToolwrightError({ code: ErrorCode.INVALID_DEFINITION, message: `${where} is a JSON Schema already: ${option} is only for a Standard Schema whose library cannot convert it.`, details: { where } });
  }
  return jsonSchemaToolCodec(schema as JsonSchema, where);
}

/**
 * A tool declared by its schema instead of an Action class: `input` is a Standard Schema (Zod 4,
 * Valibot, ArkType, …; JSON Schema from the library's own converter) or a JSON Schema object,
 * `execute` gets the validated input, typed from the schema. The result is a
 * {@link ToolDefinition} like any other: policy, hooks, middleware, toolsets, provider exports
 * and MCP serving treat it exactly as a decorated tool. Bad arguments from a model are an
 * `INVALID_ARGUMENTS` error Observation naming each path, what was expected and what was sent;
 * configuration mistakes (no name or description, a schema with no JSON Schema, a schema that is
 * not an object) throw `INVALID_DEFINITION` here.
 *
 * ```ts
 * const weather = defineTool({
 *   name: 'weather',
 *   description: 'The weather in a city.',
 *   input: z.object({ city: z.string(), days: z.number().int().min(1).max(7).default(1) }),
 *   annotations: { readOnlyHint: true },
 *   execute: ({ city, days }) => `${city}: sunny for ${days} day(s)`,
 * });
 * ```
 */
export function defineTool<I extends StandardSchemaV1, O extends ToolSchema | undefined = undefined>(options: DefineToolOptions<I, O>): SchemaTool<InferToolInput<I>>;
export function defineTool<T = Record<string, unknown>, O extends ToolSchema | undefined = undefined>(options: DefineToolOptions<JsonSchema, O, T>): SchemaTool<T>;
export function defineTool(given: object): SchemaTool<unknown> {
  if (typeof given !== 'object' || given === null) {
    throw new ToolwrightError({ code: ErrorCode.INVALID_DEFINITION, message: 'defineTool needs options { name, description, input, execute }.' });
  }
  const options = given as DefineToolOptions<ToolSchema, ToolSchema | undefined, unknown>;
  const { name, input, jsonSchema, output, outputJsonSchema, execute, ...rest } = options;
  if (typeof name !== 'string' || name === '') {
    throw new ToolwrightError({ code: ErrorCode.INVALID_DEFINITION, message: 'defineTool needs a name: the name the model calls the tool by.' });
  }
  if (input === undefined) {
    throw new ToolwrightError({ code: ErrorCode.INVALID_DEFINITION, message: `Tool '${name}' needs an input schema: a Standard Schema (Zod, Valibot, ArkType) or a JSON Schema object (an empty object schema for no arguments).`, details: { tool: name } });
  }
  const where = `Tool '${name}'`;
  return new SchemaTool<unknown>({
    ...rest,
    name,
    input: schemaCodec(input, 'input', jsonSchema, `${where}: input`, 'jsonSchema'),
    output: output === undefined ? undefined : schemaCodec(output, 'output', outputJsonSchema, `${where}: output`, 'outputJsonSchema'),
    execute: execute as (input: unknown, ctx: ToolContext) => unknown,
  });
}
