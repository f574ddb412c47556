import type { GetPromptResult, PromptArgument, PromptMessage } from '@modelcontextprotocol/sdk/types.js';
import { ErrorCode } from '../errors/error-code.js';
import { ToolwrightError } from '../errors/toolwright-error.js';
import { describeIssue } from '../runtime/invalid-arguments-message.js';
import type { JsonSchema } from '../schema/json-schema.js';
import type { ActionClass } from '../tool/action.js';
import type { StandardSchemaV1 } from '../tool/standard-schema.js';
import type { ToolSchemaCodec } from '../tool/tool-schema-codec.js';
import { promptArgumentsCodec } from './argument-codec.js';
import type { PromptArgumentsSchema } from './argument-codec.js';
import { checkCompleters, complete } from './completer.js';
import type { Completer } from './completer.js';

/** What `render` may return: a text (one user message), messages, or a whole `prompts/get` result. */
export type PromptRenderResult = string | readonly PromptMessage[] | GetPromptResult;

/** What `render` gets for an arguments schema: an Action class's instance, a Standard Schema's output, else the arguments object. */
export type InferPromptArguments<S> = S extends ActionClass<infer A> ? A : S extends StandardSchemaV1 ? StandardSchemaV1.InferOutput<S> : Record<string, string | undefined>;

/** What `render` gets besides the arguments. */
export interface PromptRenderContext {
  /** Aborted when the client cancels the request. */
  readonly signal: AbortSignal;
}

/** Options of {@link definePrompt}. */
export interface DefinePromptOptions<S extends PromptArgumentsSchema | undefined = undefined> {
  /** The prompt's name (unique among the server's prompts). */
  name: string;
  /** Human title. */
  title?: string;
  /** What the prompt is for. */
  description?: string;
  /**
   * The arguments, declared like a tool's: an Action class (decorated fields with
   * class-validator rules), a Standard Schema (Zod 4, Valibot, ArkType) or a JSON Schema object.
   * Every argument is a string (MCP sends them so); required ones are listed as required.
   */
  arguments?: S;
  /** Completions of arguments (`completion/complete`), by argument name. */
  complete?: Record<string, Completer>;
  /** The messages for validated arguments. Throwing answers the request with an internal error naming the prompt. */
  render(args: InferPromptArguments<S>, context: PromptRenderContext): PromptRenderResult | Promise<PromptRenderResult>;
}

/** A native MCP prompt (see {@link definePrompt}). */
export interface PromptDefinition {
  readonly kind: 'prompt';
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  /** The arguments as `prompts/list` announces them. */
  readonly arguments: readonly PromptArgument[];
  /** Checks `args` and renders; bad arguments throw `INVALID_ARGUMENTS` worded as a tool's. */
  get(args: Record<string, string> | undefined, context: PromptRenderContext): Promise<GetPromptResult>;
  /** Candidates for argument `name` given the typed `value`. */
  complete(name: string, value: string, resolved: Readonly<Record<string, string>>): Promise<{ values: string[]; total?: number; hasMore?: boolean }>;
}

const NAME = /^[A-Za-z0-9_.-]{1,128}$/;

function definitionError(message: string, where: string): ToolwrightError {
  return new ToolwrightError({ code: ErrorCode.INVALID_DEFINITION, message, details: { where } });
}

function messagesOf(result: PromptRenderResult, where: string): GetPromptResult {
  if (typeof result === 'string') return { messages: [{ role: 'user', content: { type: 'text', text: result } }] };
  if (Array.isArray(result)) return { messages: [...(result as readonly PromptMessage[])] };
  if (typeof result === 'object' && result !== null && Array.isArray((result as GetPromptResult).messages)) return result as GetPromptResult;
  throw new TypeError(`${where}: render returned ${result === null ? 'null' : typeof result}; expected a text, an array of messages or { messages }.`);
}

/**
 * A prompt served by `createMcpServer`: its arguments declared like a tool's (an Action class,
 * a Standard Schema or a JSON Schema; every argument a string), checked before `render` runs, with
 * the same wording as a tool call's bad arguments (`Invalid arguments for prompt 'review':
 * style: expected one of "short", "long" …`); optional completions per argument. Configuration
 * mistakes (no name, no render, a non-string argument, a completer for an undeclared argument)
 * throw `INVALID_DEFINITION` here.
 *
 * ```ts
 * const review = definePrompt({
 *   name: 'review',
 *   description: 'Review a change.',
 *   arguments: z.object({ path: z.string(), style: z.enum(['short', 'long']).optional() }),
 *   complete: { style: ['short', 'long'] },
 *   render: ({ path, style }) => `Review ${path} (${style ?? 'short'}).`,
 * });
 * ```
 */
export function definePrompt<S extends PromptArgumentsSchema | undefined = undefined>(options: DefinePromptOptions<S>): PromptDefinition {
  if (typeof options !== 'object' || options === null) throw definitionError('definePrompt needs options { name, render }.', 'definePrompt');
  const { name, title, description, render } = options;
  if (typeof name !== 'string' || !NAME.test(name)) {
    throw definitionError(`definePrompt needs a name of 1-128 letters, digits, '_', '-' or '.', got ${JSON.stringify(name)}.`, 'definePrompt');
  }
  const where = `Prompt '${name}'`;
  if (typeof render !== 'function') throw definitionError(`${where} needs render(args): the function that makes its messages.`, where);
  const codec: ToolSchemaCodec<Record<string, unknown>> | undefined = options.arguments === undefined ? undefined : promptArgumentsCodec(options.arguments as PromptArgumentsSchema, `${where}: arguments`);
  const schema: JsonSchema = codec?.jsonSchema ?? { type: 'object', properties: {} };
  const required = new Set(schema.required ?? []);
  const declared: PromptArgument[] = Object.entries(schema.properties ?? {}).map(([argument, property]) => {
    const entry: PromptArgument = { name: argument };
    const text = (property as JsonSchema).description;
    if (typeof text === 'string') entry.description = text;
    if (required.has(argument)) entry.required = true;
    return entry;
  });
  const completers = checkCompleters(options.complete, declared.map((a) => a.name), where, 'argument');
  const definition: PromptDefinition = {
    kind: 'prompt',
    name,
    arguments: declared,
    async get(args, context) {
      let value: unknown = args ?? {};
      if (codec) {
        const parsed = await codec.parse(value);
        if (!parsed.ok) {
          throw new ToolwrightError({
            code: ErrorCode.INVALID_ARGUMENTS,
            // Worded as a tool call's bad arguments: each path and what is expected there, values never echoed.
            message: `Invalid arguments for prompt '${name}':\n${parsed.issues.map((issue) => `- ${describeIssue(issue, value)}`).join('\n')}`,
            details: { prompt: name, issues: parsed.issues },
          });
        }
        value = parsed.value;
      }
      const rendered = await (render as (args: unknown, context: PromptRenderContext) => PromptRenderResult | Promise<PromptRenderResult>)(value, context);
      const result = messagesOf(rendered, where);
      return description !== undefined && result.description === undefined ? { description, ...result } : result;
    },
    complete: (argument, typed, resolved) => complete(completers[argument], typed, { arguments: resolved }),
  };
  if (title !== undefined) Object.assign(definition, { title });
  if (description !== undefined) Object.assign(definition, { description });
  return Object.freeze(definition);
}
