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
import { ExportCache } from './export-cache.js';
import * as exporters from './provider-export.js';
import type {
  AnthropicTool,
  ExportableTool,
  ExportOptions,
  ExportWarning,
  GeminiFunctionDeclaration,
  McpToolDescriptor,
  OpenAITool,
  ResponsesTool,
} from './provider-export.js';
import { resolveAnnotations } from './tool-annotations.js';
import type { ResolvedToolAnnotations, ToolAnnotations } from './tool-annotations.js';
import { toolClassMetadataOf } from './tool-class-metadata.js';
import { defaultCheckPermissions, defaultIsReadOnly } from '../policy/default-tool-permissions.js';
import type { PermissionContext } from '../policy/permission-context.js';
import type { PermissionDecision } from '../policy/permission-decision.js';
import type { RuleBehavior } from '../policy/permission-rule.js';
import type { ToolPermissions } from '../policy/tool-permissions.js';
import { observationFromError } from './error-observation.js';
import { runCall } from './run-call.js';
import { checkTimeoutMs, DEFAULT_TOOL_TIMEOUT_MS } from './timeout-ms.js';
import { ToolContext } from './tool-context.js';
import type { CallOptions } from './tool-context.js';
import type { ToolExecutor } from './tool-executor.js';
import type { AnyToolMiddleware, ToolMiddleware } from './tool-middleware.js';
import { assertToolName, toolNameFromClass } from './tool-name.js';
import { checkSchemaOverride } from './check-schema-override.js';
import { processSecrets } from '../secrets/process-secrets.js';

const NO_META: Readonly<Record<string, unknown>> = Object.freeze({});
const NO_ANNOTATIONS: ToolAnnotations = Object.freeze({});

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
  /**
   * Instead of `executor`: makes the executor on first use (a call, or reading
   * {@link ToolDefinition.executor}), once for the tool and its copies. For an executor that is a
   * conversation's service (`convState.lazyService(Executor)`), so that listing a toolset builds none
   * (nor loads the DI container). What it throws, the call reports.
   */
  lazyExecutor?: () => ToolExecutor<A, O>;
  /** MCP annotations (default: `@Tool`'s; MCP defaults for unset hints). */
  annotations?: ToolAnnotations;
  /** Free-form metadata (`_meta` in MCP). */
  meta?: Record<string, unknown>;
  /**
   * Time limit per call in ms: a finite number from 0 to 2^31-1, 0 = none (default
   * {@link DEFAULT_TOOL_TIMEOUT_MS}, 5 minutes). A caller's `timeoutMs` overrides it.
   */
  timeoutMs?: number;
  /** The tool's part in permission checks (read-only per call, own check, rule matching, suggestions, approval metadata); defaults from the annotations. */
  permissions?: ToolPermissions<A>;
  /** Tool middleware of either form, first outermost (see `ToolMiddleware` and `PlainToolMiddleware`); more can be added with `use`. */
  middleware?: (AnyToolMiddleware<A> | AnyToolMiddleware)[];
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
  /** Annotations with MCP defaults filled in. */
  readonly annotations: ResolvedToolAnnotations;
  /** Annotations exactly as declared (for MCP export). */
  readonly declaredAnnotations: ToolAnnotations;
  readonly meta: Readonly<Record<string, unknown>>;
  /** The time limit per call in ms (0 = none), as declared or the default. */
  readonly timeoutMs: number;
  /** The tool's middleware, first outermost. */
  readonly middleware: (AnyToolMiddleware<A> | AnyToolMiddleware)[];
  /** The tool's part in permission checks, as declared. */
  readonly permissions?: ToolPermissions<A>;
  /** Whether allow rules together cover an Action (compound commands), when the tool can tell. */
  readonly coveredByAllowRules?: { covered(contents: readonly string[], action: A): boolean }['covered'];
  /** The permissions' `ready` (answers still loading), when they declare one: the permission engine awaits it first. */
  readonly permissionsReady?: () => Promise<void> | undefined;
  // Method-style type: a tool of a narrower Action stays assignable to ToolDefinition<Action>.
  private readonly resourcesFn?: { of(action: A): readonly string[] }['of'];
  // The executor, or how to make it (`lazyExecutor`): one cell shared by the tool's copies (renamed, derived…), so it is made once.
  private executorCell: { value?: ToolExecutor<A, O>; make?: () => ToolExecutor<A, O> };
  /** Made on the first export (most tools of a large set are never exported by this process, or not yet). */
  private exportCache: ExportCache | undefined = undefined;
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
    if (new.target !== ToolDefinition) checkSchemaOverride(new.target.prototype, ToolDefinition.prototype, name, options.actionType.name);
    const timeoutMs = checkTimeoutMs(options.timeoutMs, `Tool '${name}': timeoutMs`, ErrorCode.INVALID_DEFINITION);
    const middleware = options.middleware ?? [];
    if (!Array.isArray(middleware) || middleware.some((m) => typeof m !== 'function')) {
      throw new ToolwrightError({ code: ErrorCode.INVALID_DEFINITION, message: `Tool '${name}': middleware must be an array of functions: async function* (invocation, next) or (invocation, next) => Promise<Observation>.`, details: { tool: name } });
    }
    this.name = name;
    this.description = description;
    this.title = options.title ?? classMeta.title;
    this.actionType = options.actionType;
    this.observationType = options.observationType ?? (Observation as unknown as ObservationClass<O>);
    if (options.executor !== undefined && options.lazyExecutor !== undefined) {
      throw new ToolwrightError({ code: ErrorCode.INVALID_DEFINITION, message: `Tool '${name}': give executor or lazyExecutor, not both.`, details: { tool: name } });
    }
    if (options.lazyExecutor !== undefined && typeof options.lazyExecutor !== 'function') {
      throw new ToolwrightError({ code: ErrorCode.INVALID_DEFINITION, message: `Tool '${name}': lazyExecutor must be a function that returns the executor.`, details: { tool: name } });
    }
    this.executorCell = options.lazyExecutor ? { make: options.lazyExecutor } : { value: options.executor };
    // Most tools declare no annotations: one shared frozen empty object (issue 24 counts memory per tool).
    this.declaredAnnotations = classMeta.annotations || options.annotations ? { ...(classMeta.annotations ?? {}), ...(options.annotations ?? {}) } : NO_ANNOTATIONS;
    this.annotations = resolveAnnotations(this.declaredAnnotations);
    // Most tools declare no metadata: one shared frozen empty object (issue 15 counts memory per tool).
    this.meta = options.meta ? Object.freeze({ ...options.meta }) : NO_META;
    this.timeoutMs = timeoutMs ?? DEFAULT_TOOL_TIMEOUT_MS;
    this.middleware = [...middleware];
    this.permissions = options.permissions;
    this.coveredByAllowRules = options.permissions?.coveredByAllowRules?.bind(options.permissions);
    this.permissionsReady = options.permissions?.ready?.bind(options.permissions);
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

  /**
   * The exact input schema: the Action class's. A subclass may override it (and
   * `modelInputSchema`) only together with `actionFromArguments`, which must then validate calls
   * against it; an override alone is refused at construction (see `checkSchemaOverride`).
   */
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

  /** `args` without the fields export options inject (`security_risk`, `summary`) that this tool's input schema does not declare. */
  protected withoutInjectedFields(args: unknown): unknown {
    if (typeof args !== 'object' || args === null || !('security_risk' in args || 'summary' in args)) return args;
    const own = this.inputSchema().properties ?? {};
    const copy: Record<string, unknown> = { ...(args as Record<string, unknown>) };
    for (const field of exporters.INJECTED_FIELDS) if (!(field in own)) delete copy[field];
    return copy;
  }

  /**
   * Runs the executor through the tool's middleware, in the conversation's per-resource write
   * order (see `ResourceLocks`). A thrown error, a timeout or an abort becomes an error Observation
   * (`EXECUTION_FAILED`, `TIMEOUT`, `ABORTED`). The process's registered secrets (`registerSecret`,
   * `state.secrets`) are masked in the Observation, as an Agent masks its calls'. This never
   * rejects, except for the caller's configuration mistakes: a tool with no executor
   * (`NO_EXECUTOR`) and an invalid `timeoutMs` (`INVALID_OPTIONS`). `options` are plain
   * {@link CallOptions} or a ready {@link ToolContext}.
   */
  call(action: A, options?: CallOptions | ToolContext): Promise<O | Observation> {
    // A lazyExecutor is made by invoke, inside the error funnel.
    if (this.executorCell.make === undefined && !this.executorCell.value) return Promise.reject(this.noExecutor());
    let ctx: ToolContext;
    try {
      ctx = options instanceof ToolContext ? options : new ToolContext(options ?? undefined);
      this.prepareContext(ctx);
    } catch (error) {
      return Promise.reject(error);
    }
    // Called from inside an executor with its own context: the caller holds the lock.
    if (ctx.lockHeld) return this.runLocked(action, ctx, false);
    const taken = ctx.takeLock(this, action);
    return taken ? taken.then(() => this.runLocked(action, ctx, true)) : this.runLocked(action, ctx, true);
  }

  /**
   * Runs the call under its resource lock (given back as soon as the tool settled when this call
   * took it: `own`); the error funnel makes any failure an Observation. The outcome is the one a
   * bare `tool.call()` shows (no Agent pipeline masks it): the process's registered secrets are
   * masked in it (`<secret:NAME>`), at the cost of one `size` check when none is registered.
   */
  private runLocked(action: A, ctx: ToolContext, own: boolean): Promise<O | Observation> {
    let pending: O | Observation | Promise<O | Observation>;
    try {
      pending = this.invoke(action, ctx);
    } catch (error) {
      pending = Promise.reject(error);
    }
    if (pending instanceof Observation) {
      if (own) ctx.releaseLock();
      return Promise.resolve(processSecrets.size === 0 ? pending : processSecrets.maskValue(pending));
    }
    return pending.then(
      (result) => {
        if (own) ctx.releaseLock();
        return processSecrets.size === 0 ? result : processSecrets.maskValue(result);
      },
      (error: unknown) => {
        if (own) ctx.releaseLock();
        const observation = observationFromError(error, this, action);
        return processSecrets.size === 0 ? observation : processSecrets.maskValue(observation);
      },
    );
  }

  /**
   * Runs the executor through the middleware under the context's limits, without the resource
   * lock and without the error funnel: the Observation (synchronously when the executor answered
   * synchronously and the tool has no middleware, or only plain ones that passed it through), or a rejection with the error (thrown,
   * `TIMEOUT`, `ABORTED`). The pipeline's invoke step runs it, so post hooks see the error itself;
   * {@link ToolDefinition.call} runs it under the lock and the funnel. `ctx` must have been
   * prepared for this tool ({@link ToolDefinition.prepareContext}).
   */
  invoke(action: A, ctx: ToolContext): O | Observation | Promise<O | Observation> {
    const executor = this.executor;
    if (!executor) return Promise.reject(this.noExecutor());
    return runCall(this, executor, action, ctx);
  }

  /**
   * Binds a call's context to this tool: its name, and its effective time limit (the caller's
   * `timeoutMs`, else the tool's; 0 = none). Throws `INVALID_OPTIONS` for a caller's `timeoutMs`
   * that is not a finite number from 0 to 2^31-1.
   */
  prepareContext(ctx: ToolContext): void {
    ctx.toolName = this.name;
    const asked = ctx.callOptions.timeoutMs;
    const limit = asked === undefined ? this.timeoutMs : checkTimeoutMs(asked, 'The call option timeoutMs', ErrorCode.INVALID_OPTIONS)!;
    ctx.timeoutMs = limit > 0 ? limit : undefined;
  }

  private noExecutor(): ToolwrightError {
    return new ToolwrightError({
      code: ErrorCode.NO_EXECUTOR,
      message: `Tool '${this.name}' has no executor; give it one (executor option or withExecutor()) before calling it.`,
      details: { tool: this.name },
    });
  }

  /** Adds tool middleware of either form (inside the ones already there: the first registered stays outermost). Returns this tool. */
  // An `async function*` written in the call gets its parameter types from the first signature; a
  // plain middleware is given typed (`const m: PlainToolMiddleware = async (call, next) => …`).
  use(...middleware: (ToolMiddleware<A> | ToolMiddleware)[]): this;
  use(...middleware: (AnyToolMiddleware<A> | AnyToolMiddleware)[]): this;
  use(...middleware: (AnyToolMiddleware<A> | AnyToolMiddleware)[]): this {
    for (const layer of middleware) {
      if (typeof layer !== 'function') {
        throw new ToolwrightError({ code: ErrorCode.INVALID_DEFINITION, message: `Tool '${this.name}': middleware must be a function: async function* (invocation, next) or (invocation, next) => Promise<Observation>.`, details: { tool: this.name } });
      }
      this.middleware.push(layer);
    }
    return this;
  }

  /** True when this call only reads (the tool's `isReadOnly`, else `readOnlyHint`). */
  isReadOnly(action: A): boolean {
    const p = this.permissions;
    return p?.isReadOnly ? p.isReadOnly(action) : defaultIsReadOnly(this.annotations);
  }

  /** The tool's own permission check (default from the annotations). */
  checkPermissions(action: A, context: PermissionContext): PermissionDecision | Promise<PermissionDecision> {
    const p = this.permissions;
    return p?.checkPermissions ? p.checkPermissions(action, context) : defaultCheckPermissions(this.name, this.annotations);
  }

  /** True when a rule's content matches this call (default: no content rules). */
  matchRule(content: string, action: A, behavior: RuleBehavior): boolean {
    return this.permissions?.matchRule?.(content, action, behavior) ?? false;
  }

  /** False when {@link ToolDefinition.matchRule} never matches: no `permissions.matchRule` and no subclass override (the permission engine then skips rules with content). */
  get matchesRuleContent(): boolean {
    return this.permissions?.matchRule !== undefined || this.matchRule !== ToolDefinition.prototype.matchRule;
  }

  /** Rule contents to suggest for an "always" answer (default none). */
  suggestRules(action: A): string[] {
    return this.permissions?.suggestRules?.(action) ?? [];
  }

  /** Extra facts shown with an approval request. */
  approvalMetadata(action: A): Record<string, unknown> | undefined {
    return this.permissions?.approvalMetadata?.(action);
  }

  /** The resources an Action touches (empty when the tool declares none). */
  resourcesOf(action: A): readonly string[] {
    return this.resourcesFn ? this.resourcesFn(action) : [];
  }

  /** True when the tool declared a resources function. */
  get declaresResources(): boolean {
    return this.resourcesFn !== undefined;
  }

  /**
   * Runs the Actions: the executor given, or the one `lazyExecutor` makes (on this first read;
   * what it throws propagates). Undefined for a tool that can be listed but not called.
   */
  get executor(): ToolExecutor<A, O> | undefined {
    const cell = this.executorCell;
    if (cell.make) {
      cell.value = cell.make();
      cell.make = undefined;
    }
    return cell.value;
  }

  /** A copy of this tool with another executor. */
  withExecutor(executor: ToolExecutor<A, O>): this {
    const copy = Object.create(Object.getPrototypeOf(this) as object) as this;
    Object.assign(copy, this, { executorCell: { value: executor }, exportCache: undefined, middleware: [...this.middleware] });
    return copy;
  }

  /** Closes the executor (tools sharing an executor share this call: prefer closing the conversation). A `lazyExecutor` not made yet is not made for this. */
  async close(): Promise<void> {
    if (this.executorCell.make) return;
    await this.executorCell.value?.close?.();
  }

  private cached<T>(key: string, options: ExportOptions, build: (warnings: ExportWarning[]) => T): T {
    return (this.exportCache ??= new ExportCache()).get(key, options, build);
  }

  /** Drops cached exports (after the input schema changed, e.g. an MCP tool list refresh). */
  protected clearExportCache(): void {
    this.exportCache = undefined;
  }

  /** OpenAI Chat Completions format (cached per options). */
  toOpenAITool(options: ExportOptions = {}): OpenAITool {
    return this.cached('openai', options, (w) => exporters.toOpenAITool(this, options, w));
  }

  /** OpenAI Responses format (cached per options). */
  toResponsesTool(options: ExportOptions = {}): ResponsesTool {
    return this.cached('responses', options, (w) => exporters.toResponsesTool(this, options, w));
  }

  /** Anthropic format (cached per options). */
  toAnthropicTool(options: ExportOptions = {}): AnthropicTool {
    return this.cached('anthropic', options, () => exporters.toAnthropicTool(this, options));
  }

  /**
   * Gemini function declaration (cached per options); `undefined` when a Gemini model could not
   * call the tool (a required argument Gemini's schema cannot describe; `onWarning` names it).
   */
  toGeminiTool(options: ExportOptions = {}): GeminiFunctionDeclaration | undefined {
    return this.cached('gemini', options, (w) => exporters.toGeminiTool(this, options, w));
  }

  /** MCP descriptor (cached). */
  toMcpTool(): McpToolDescriptor {
    return this.cached('mcp', {}, () => exporters.toMcpTool(this));
  }
}
