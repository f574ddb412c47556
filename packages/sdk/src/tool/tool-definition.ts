import { ErrorCode } from '../errors/error-code.js';
import { ToolwrightError } from '../errors/toolwright-error.js';
import { classModelOf } from '../schema/class-model.js';
import { codecOf } from '../schema/codec.js';
import type { Codec } from '../schema/codec.js';
import type { JsonSchema } from '../schema/json-schema.js';
import { formatIssues } from '../schema/validation-issue.js';
import type { ValidationIssue } from '../schema/validation-issue.js';
import type { Action, ActionClass } from './action.js';
import { registerKind } from './kinds.js';
import { Observation } from './observation.js';
import type { ObservationClass } from './observation.js';
import * as exporters from './provider-export.js';
import type {
  AnthropicTool,
  ExportableTool,
  ExportOptions,
  GeminiFunctionDeclaration,
  McpToolDescriptor,
  OpenAITool,
  ResponsesTool,
} from './provider-export.js';
import { resolveAnnotations } from './tool-annotations.js';
import type { ResolvedToolAnnotations, ToolAnnotations } from './tool-annotations.js';
import { toolClassMetadataOf } from './tool-class-metadata.js';
import { runCall } from './run-call.js';
import type { CallOptions } from './tool-context.js';
import type { ToolExecutor } from './tool-executor.js';
import { assertToolName, toolNameFromClass } from './tool-name.js';

/** Options of the {@link ToolDefinition} constructor. */
export interface ToolDefinitionOptions<A extends Action, O extends Observation> {
  /** Tool name (default: `@Tool`'s name, else from the subclass name, else from the Action class name). */
  name?: string;
  /** What the tool does, for the model (default: `@Tool`'s description). Required one way or the other. */
  description?: string;
  /** Human title. */
  title?: string;
  /** The Action class: its declaration is the input schema and validator. */
  actionType: ActionClass<A>;
  /** The Observation class (default: `Observation`). */
  observationType?: ObservationClass<O>;
  /** Runs the Actions. A tool without one can be listed and exported but not called. */
  executor?: ToolExecutor<A, O>;
  /** MCP annotations (default: `@Tool`'s; MCP defaults for unset hints). */
  annotations?: ToolAnnotations;
  /** Free-form metadata (`_meta` in MCP). */
  meta?: Record<string, unknown>;
  /** Default time limit per call in ms (none when absent). */
  timeoutMs?: number;
  /**
   * The resources an Action touches (e.g. `file:/abs/path`, `terminal:session`). Calls that share
   * a resource never run at once; calls of tools that declare none and are not read-only run one
   * at a time.
   */
  resources?: (action: A) => readonly string[];
}

/**
 * A tool: its name, description, Action and Observation classes, executor and annotations. One
 * declaration gives the provider schemas, the validator, the typed call and the model-facing result.
 *
 * Build it directly (`new ToolDefinition({...})`) or in a subclass's
 * `static create(convState, params)` factory resolved by a `ToolRegistry`.
 */
export class ToolDefinition<A extends Action = Action, O extends Observation = Observation> implements ExportableTool {
  readonly name: string;
  readonly description: string;
  readonly title?: string;
  readonly actionType: ActionClass<A>;
  readonly observationType: ObservationClass<O>;
  readonly executor?: ToolExecutor<A, O>;
  /** Annotations with MCP defaults filled in. */
  readonly annotations: ResolvedToolAnnotations;
  /** Annotations exactly as declared (for MCP export). */
  readonly declaredAnnotations: ToolAnnotations;
  readonly meta: Readonly<Record<string, unknown>>;
  readonly timeoutMs?: number;
  // Method-style type: a tool of a narrower Action stays assignable to ToolDefinition<Action>.
  private readonly resourcesFn?: { of(action: A): readonly string[] }['of'];
  private exportCache = new Map<string, unknown>();
  private codecCache?: Codec<A>;

  constructor(options: ToolDefinitionOptions<A, O>) {
    const classMeta = toolClassMetadataOf(new.target) ?? {};
    const name =
      options.name ??
      classMeta.name ??
      (new.target !== ToolDefinition ? toolNameFromClass(new.target.name) : toolNameFromClass(options.actionType?.name ?? ''));
    assertToolName(name);
    if (typeof options.actionType !== 'function') {
      throw new ToolwrightError({ code: ErrorCode.INVALID_DEFINITION, message: `Tool '${name}' needs an actionType (an Action class).`, details: { tool: name } });
    }
    const description = options.description ?? classMeta.description;
    if (typeof description !== 'string' || description.trim() === '') {
      throw new ToolwrightError({
        code: ErrorCode.INVALID_DEFINITION,
        message: `Tool '${name}' needs a description: pass { description } or declare it with @Tool({ description }).`,
        details: { tool: name },
      });
    }
    if (options.timeoutMs !== undefined && !(options.timeoutMs >= 0)) {
      throw new ToolwrightError({ code: ErrorCode.INVALID_DEFINITION, message: `Tool '${name}': timeoutMs must be a number >= 0.`, details: { tool: name } });
    }
    this.name = name;
    this.description = description;
    this.title = options.title ?? classMeta.title;
    this.actionType = options.actionType;
    this.observationType = options.observationType ?? (Observation as unknown as ObservationClass<O>);
    this.executor = options.executor;
    this.declaredAnnotations = { ...(classMeta.annotations ?? {}), ...(options.annotations ?? {}) };
    this.annotations = resolveAnnotations(this.declaredAnnotations);
    this.meta = Object.freeze({ ...(options.meta ?? {}) });
    this.timeoutMs = options.timeoutMs;
    this.resourcesFn = options.resources;
    this.prepareDeclaration();
  }

  /**
   * Reads the Action and Observation declarations now, so that a bad one fails at definition
   * with a message naming the class and property. Subclasses with other input schemas (MCP) override.
   */
  protected prepareDeclaration(): void {
    classModelOf(this.actionType);
    classModelOf(this.observationType);
    registerKind(this.actionType);
    registerKind(this.observationType);
  }

  /** The exact input schema. */
  inputSchema(): JsonSchema {
    return classModelOf(this.actionType).schema;
  }

  /** The input schema as models see it (self-contained). */
  modelInputSchema(): JsonSchema {
    return this.inputSchema();
  }

  /** The output schema: the Observation's declared fields, if any. */
  outputSchema(): JsonSchema | undefined {
    const model = classModelOf(this.observationType);
    return model.fields.length > 0 ? model.schema : undefined;
  }

  /**
   * Validates the model's arguments and builds the Action. Fields injected by export options
   * (`security_risk`, `summary`) are removed first unless the Action declares them. Throws
   * `INVALID_ARGUMENTS` with one issue per offending path (details.issues).
   */
  actionFromArguments(args: unknown): A {
    const input = this.withoutInjectedFields(args);
    const codec = (this.codecCache ??= codecOf(this.actionType));
    const result = codec.parse(input);
    if (result.ok) return result.value;
    throw this.invalidArguments(result.issues);
  }

  /** The error `actionFromArguments` throws for these issues. */
  protected invalidArguments(issues: ValidationIssue[]): ToolwrightError {
    return new ToolwrightError({
      code: ErrorCode.INVALID_ARGUMENTS,
      message: `Invalid arguments for tool '${this.name}':\n${formatIssues(issues)}`,
      details: { tool: this.name, issues },
    });
  }

  private withoutInjectedFields(args: unknown): unknown {
    if (typeof args !== 'object' || args === null || !('security_risk' in args || 'summary' in args)) return args;
    const own = this.inputSchema().properties ?? {};
    const copy: Record<string, unknown> = { ...(args as Record<string, unknown>) };
    for (const field of exporters.INJECTED_FIELDS) if (!(field in own)) delete copy[field];
    return copy;
  }

  /**
   * Runs the executor. A thrown error, a timeout or an abort becomes an error Observation
   * (`EXECUTION_FAILED`, `TIMEOUT`, `ABORTED`); this never rejects, except for a tool with no
   * executor (`NO_EXECUTOR`, a configuration mistake).
   */
  call(action: A, options: CallOptions = {}): Promise<O | Observation> {
    const executor = this.executor;
    if (!executor) {
      return Promise.reject(
        new ToolwrightError({
          code: ErrorCode.NO_EXECUTOR,
          message: `Tool '${this.name}' has no executor; give it one (executor option or withExecutor()) before calling it.`,
          details: { tool: this.name },
        }),
      );
    }
    return runCall(this, executor, action, options);
  }

  /** The resources an Action touches (empty when the tool declares none). */
  resourcesOf(action: A): readonly string[] {
    return this.resourcesFn ? this.resourcesFn(action) : [];
  }

  /** True when the tool declared a resources function. */
  get declaresResources(): boolean {
    return this.resourcesFn !== undefined;
  }

  /** A copy of this tool with another executor. */
  withExecutor(executor: ToolExecutor<A, O>): this {
    const copy = Object.create(Object.getPrototypeOf(this) as object) as this;
    Object.assign(copy, this, { executor, exportCache: new Map() });
    return copy;
  }

  /** Closes the executor (tools sharing an executor share this call: prefer closing the conversation). */
  async close(): Promise<void> {
    await this.executor?.close?.();
  }

  private cached<T>(key: string, options: ExportOptions, build: () => T): T {
    const cacheKey = `${key}:${options.strict ? 1 : 0}${options.securityRisk ? 1 : 0}${options.summary ? 1 : 0}`;
    let value = this.exportCache.get(cacheKey) as T | undefined;
    if (value === undefined) {
      value = build();
      this.exportCache.set(cacheKey, value);
    }
    return value;
  }

  /** Drops cached exports (after the input schema changed, e.g. an MCP tool list refresh). */
  protected clearExportCache(): void {
    this.exportCache = new Map();
  }

  /** OpenAI Chat Completions format (cached per options). */
  toOpenAITool(options: ExportOptions = {}): OpenAITool {
    return this.cached('openai', options, () => exporters.toOpenAITool(this, options));
  }

  /** OpenAI Responses format (cached per options). */
  toResponsesTool(options: ExportOptions = {}): ResponsesTool {
    return this.cached('responses', options, () => exporters.toResponsesTool(this, options));
  }

  /** Anthropic format (cached per options). */
  toAnthropicTool(options: ExportOptions = {}): AnthropicTool {
    return this.cached('anthropic', options, () => exporters.toAnthropicTool(this, options));
  }

  /** Gemini function declaration (cached per options). */
  toGeminiTool(options: ExportOptions = {}): GeminiFunctionDeclaration {
    return this.cached('gemini', options, () => exporters.toGeminiTool(this, options));
  }

  /** MCP descriptor (cached). */
  toMcpTool(): McpToolDescriptor {
    return this.cached('mcp', {}, () => exporters.toMcpTool(this));
  }
}
