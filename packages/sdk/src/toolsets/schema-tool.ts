import { ErrorCode } from '../errors/error-code.js';
import { ToolwrightError } from '../errors/toolwright-error.js';
import { inlineSchemaRefs } from '../mcp/inline-schema-refs.js';
import type { JsonSchema } from '../schema/json-schema.js';
import { lazyNullDropper } from '../schema/schema-null-dropper.js';
import type { SchemaNullDropper } from '../schema/schema-null-dropper.js';
import { typeName } from '../schema/validation-issue.js';
import { isPromiseLike } from '../util/guards.js';
import { Observation } from '../tool/observation.js';
import { SchemaToolAction } from '../tool/schema-tool-action.js';
import { observationOfResult } from '../tool/schema-tool-result.js';
import type { SchemaToolResult } from '../tool/schema-tool-result.js';
import type { ToolChunk } from '../tool/tool-chunk.js';
import type { ToolContext } from '../tool/tool-context.js';
import { ToolDefinition } from '../tool/tool-definition.js';
import type { ToolDefinitionOptions } from '../tool/tool-definition.js';
import type { ToolSchemaCodec, ToolSchemaResult } from '../tool/tool-schema-codec.js';

/** What runs a schema-first tool's call: the validated input and the call's context. */
export type SchemaToolExecute<I, R = SchemaToolResult> = (input: I, ctx: ToolContext) => R | Promise<R>;

/** Options of {@link SchemaTool}: a tool's options with schema codecs and `execute` instead of classes and an executor. */
export type SchemaToolOptions<I> = Omit<ToolDefinitionOptions<SchemaToolAction<I>, Observation>, 'actionType' | 'observationType' | 'executor'> & {
  /** The input's codec: the advertised JSON Schema and the check giving `execute`'s input. */
  input: ToolSchemaCodec<I>;
  /** The structured result's codec (MCP `outputSchema`), when the tool declares one. */
  output?: ToolSchemaCodec<unknown>;
  /** Runs a call. */
  execute: SchemaToolExecute<I, unknown>;
};

/**
 * A schema-first tool (built by {@link defineTool}): a {@link ToolDefinition} whose input schema is
 * a JSON Schema or a Standard Schema instead of an Action class. Everything that takes a tool
 * (policy and its rules, hooks, middleware, toolsets, provider exports, MCP serving, the
 * conversation's write order) takes it as it takes a decorated tool: only the schema's origin and
 * its check differ. Calls are checked against the advertised schema's own validator; a `null`
 * for an optional property means absent, as for every tool (what OpenAI strict exports send).
 */
export class SchemaTool<I = Record<string, unknown>> extends ToolDefinition<SchemaToolAction<I>, Observation> {
  /** The input's codec. */
  readonly inputCodec!: ToolSchemaCodec<I>;
  /** The output's codec, when declared. */
  readonly outputCodec?: ToolSchemaCodec<unknown>;
  private modelSchema?: JsonSchema;
  private dropNulls?: SchemaNullDropper;

  constructor(options: SchemaToolOptions<I>) {
    const { input, output, execute, ...rest } = options;
    if (typeof execute !== 'function') {
      throw new ToolwrightError({ code: ErrorCode.INVALID_DEFINITION, message: `Tool '${String(rest.name)}' needs execute: (input, ctx) => result.`, details: { tool: rest.name } });
    }
    // The executor runs after construction: it reads the tool's resolved name through this holder.
    const self: { tool?: SchemaTool<I> } = {};
    super({
      ...rest,
      actionType: SchemaToolAction as new () => SchemaToolAction<I>,
      observationType: Observation,
      executor: { execute: (action, ctx) => self.tool!.run(action, ctx, execute) as Observation | Promise<Observation> },
    });
    self.tool = this;
    Object.assign(this, { inputCodec: input, outputCodec: output });
  }

  /** Nothing to read from classes: the schemas are the codecs'. */
  protected override prepareDeclaration(): void {}

  /** The input's JSON Schema, as advertised (MCP passes it through). */
  override inputSchema(): JsonSchema {
    return this.inputCodec.jsonSchema;
  }

  /** The input schema made self-contained for models (`$ref`s inlined; built on first use). */
  override modelInputSchema(): JsonSchema {
    return (this.modelSchema ??= inlineSchemaRefs(structuredClone(this.inputSchema())));
  }

  /** The structured result's JSON Schema (MCP `outputSchema`), when declared. */
  override outputSchema(): JsonSchema | undefined {
    return this.outputCodec?.jsonSchema;
  }

  /**
   * Checks the arguments against the input schema and builds the Action; throws
   * `INVALID_ARGUMENTS` listing each path, what was expected there and what was sent. A schema
   * whose `validate` is asynchronous is checked when the call runs: the Action then carries the
   * pending check, and a rejection is the same `INVALID_ARGUMENTS` error Observation.
   */
  override actionFromArguments(args: unknown): SchemaToolAction<I> {
    const input = this.withoutInjectedFields(args ?? {});
    if (typeof input !== 'object' || input === null || Array.isArray(input)) {
      const received = typeName(input);
      const problem = `expected an object of arguments, got ${received}`;
      throw this.invalidArguments([{ path: '', expected: 'an object of arguments', received, problem, message: `(root): ${problem}` }]);
    }
    const data = (this.dropNulls ??= lazyNullDropper(() => this.modelInputSchema()))(input) as Record<string, unknown>;
    const action = new SchemaToolAction<I>();
    action.data = data;
    const result = this.inputCodec.parse(data);
    if (isPromiseLike(result)) {
      const pending = Promise.resolve(result).then((settled) => {
        action.pending = undefined;
        return (action.input = this.inputOf(settled));
      });
      // Settled by the executor; until then (or if the call never runs) a rejection is not unhandled.
      pending.catch(() => undefined);
      action.pending = pending;
      return action;
    }
    action.input = this.inputOf(result);
    return action;
  }

  /** Waits for an asynchronous input check, runs `execute` and makes its result an Observation. */
  private run(action: SchemaToolAction<I>, ctx: ToolContext, execute: SchemaToolExecute<I, unknown>): Observation | AsyncIterable<ToolChunk> | Promise<Observation | AsyncIterable<ToolChunk>> {
    const output = this.outputCodec;
    const call = (input: I): Observation | AsyncIterable<ToolChunk> | Promise<Observation | AsyncIterable<ToolChunk>> => {
      const result = execute(input, ctx);
      return isPromiseLike(result) ? Promise.resolve(result).then((r) => observationOfResult(this.name, r, output)) : observationOfResult(this.name, result, output);
    };
    const ready = action.validated();
    if (!isPromiseLike(ready)) return call(ready);
    return Promise.resolve(ready).then(call);
  }

  private inputOf(result: ToolSchemaResult<I>): I {
    if (!result.ok) throw this.invalidArguments(result.issues);
    return result.value;
  }
}
