import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import type { McpConcurrency } from '../registry/mcp-server-config.js';
import type { JsonSchema } from '../schema/json-schema.js';
import { lazyNullDropper } from '../schema/schema-null-dropper.js';
import type { SchemaNullDropper } from '../schema/schema-null-dropper.js';
import { typeName } from '../schema/validation-issue.js';
import type { ToolAnnotations } from '../tool/tool-annotations.js';
import type { ToolContext } from '../tool/tool-context.js';
import { ToolDefinition } from '../tool/tool-definition.js';
import { inlineSchemaRefs } from './inline-schema-refs.js';
import { jsonArgumentsIssue } from './json-arguments-issue.js';
import type { MCPClient } from './mcp-client.js';
import { MCPToolAction } from './mcp-tool-action.js';
import { MCPToolExecutor } from './mcp-tool-executor.js';
import { MCPToolObservation } from './mcp-tool-observation.js';
import { observationFromMcpResult } from './observation-from-mcp-result.js';
import type { SchemaCheck, SchemaValidatorCache } from './schema-validator-cache.js';

/** Options of {@link MCPToolDefinition}. */
export interface MCPToolDefinitionOptions {
  /** The Toolwright name (see `assignMcpToolNames`); the MCP name is `tool.name`. */
  name: string;
  /** The raw tool as the server listed it. */
  tool: Tool;
  /** The server's connection, shared by its tools. */
  client: MCPClient;
  /** Where compiled validators are cached (shared by a toolset). */
  validators: SchemaValidatorCache;
}

const NO_RESOURCES: readonly string[] = Object.freeze([]);
const HINTS = ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const;

/** The MCP annotations a tool declared (only well-typed ones; defaults are filled in by the kernel). */
export function annotationsOf(tool: Tool): ToolAnnotations {
  const raw = (tool.annotations ?? {}) as Record<string, unknown>;
  const out: ToolAnnotations = {};
  if (typeof raw.title === 'string') out.title = raw.title;
  for (const hint of HINTS) if (typeof raw[hint] === 'boolean') out[hint] = raw[hint];
  return out;
}

/**
 * Whether calls of a tool that may write need not wait for each other: the tool is not read-only
 * (read-only tools run together anyway) and its server (or tool group) is `'parallel'`, or the tool
 * itself says its calls are idempotent (`idempotentHint: true`) and not destructive
 * (`destructiveHint: false`; absent means destructive, as MCP defines it).
 */
export function writesInParallel(concurrency: McpConcurrency | undefined, annotations: ToolAnnotations): boolean {
  if (annotations.readOnlyHint === true) return false;
  return concurrency === 'parallel' || (annotations.idempotentHint === true && annotations.destructiveHint === false);
}

/**
 * A tool of an MCP server, ready for the tools map. The model sees the server's own
 * `inputSchema` (self-contained: `$ref`s inlined by {@link MCPToolDefinition.modelInputSchema});
 * MCP export passes it through untouched. Arguments are validated by ajv, compiled on first use
 * and cached by schema; nothing is compiled when the tool is listed. Calls go to the server under
 * the MCP name, over the shared connection.
 */
export class MCPToolDefinition extends ToolDefinition<MCPToolAction, MCPToolObservation> {
  /** The server's name from the config. */
  readonly server!: string;
  /** The name sent to the server. */
  readonly mcpName!: string;
  /** The raw MCP tool as listed (inputSchema, outputSchema, annotations, _meta, title). */
  readonly mcpTool!: Tool;
  /** This tool may write, and its calls need not wait for each other (see {@link writesInParallel}). */
  private readonly parallelWrites!: boolean;
  private readonly validators!: SchemaValidatorCache;
  private inputCheck?: SchemaCheck;
  private outputCheck?: SchemaCheck;
  private modelSchema?: JsonSchema;
  private dropNulls?: SchemaNullDropper;

  constructor(options: MCPToolDefinitionOptions) {
    const { tool, client } = options;
    const executor = new MCPToolExecutor(client);
    const annotations = annotationsOf(tool);
    const title = tool.title ?? annotations.title;
    super({
      name: options.name,
      description: tool.description?.trim() ? tool.description : (title ?? `Tool '${tool.name}' of MCP server '${client.name}'.`),
      title,
      actionType: MCPToolAction,
      observationType: MCPToolObservation,
      executor,
      annotations,
      meta: tool._meta,
      // The client applies the server's call timeout (and cancels the MCP request); no second timer.
      timeoutMs: 0,
    });
    const parallelWrites = writesInParallel(client.concurrency, this.annotations);
    Object.assign(this, { server: client.name, mcpName: tool.name, mcpTool: tool, validators: options.validators, parallelWrites });
    executor.attach(this);
  }

  /**
   * True when this tool is not read-only and either its server is configured with `concurrency:
   * 'parallel'` or the tool says it is idempotent and not destructive: its calls then declare that
   * they touch no shared resource, so they do not wait for each other (they still wait for, and
   * hold up, calls of tools that may write anything).
   */
  override get declaresResources(): boolean {
    return this.parallelWrites === true;
  }

  /**
   * A copy of this tool whose calls follow `concurrency` instead of its server's setting (a tool
   * group's own `concurrency`, for example); its annotations are honoured either way.
   */
  withConcurrency(concurrency: McpConcurrency): this {
    const copy = Object.create(Object.getPrototypeOf(this) as object) as this;
    Object.assign(copy, this, { parallelWrites: writesInParallel(concurrency, this.annotations) });
    return copy;
  }

  /** None: a tool of a `'parallel'` server orders nothing (see {@link MCPToolDefinition.declaresResources}). */
  override resourcesOf(): readonly string[] {
    return NO_RESOURCES;
  }

  /** Nothing to read from classes: the schema is the server's. */
  protected override prepareDeclaration(): void {}

  /**
   * Binds a call's context like any tool's; while the tool runs on its own MCP executor, the time
   * limit is left to the MCP client (the executor passes the caller's `timeoutMs` on): the client
   * times the request out, cancels it on the server and says so. One timer per call; a second one
   * racing it worded the same timeout two ways depending on which fired first. A copy with another
   * executor (`withExecutor`) keeps the call's own time limit.
   */
  override prepareContext(ctx: ToolContext): void {
    super.prepareContext(ctx);
    if (this.executor instanceof MCPToolExecutor) ctx.timeoutMs = undefined;
  }

  /** The server's `inputSchema`, untouched (`$schema`, `$defs`, `additionalProperties` kept). */
  override inputSchema(): JsonSchema {
    return this.mcpTool.inputSchema as JsonSchema;
  }

  /** The `inputSchema` made self-contained for models (built on first use). */
  override modelInputSchema(): JsonSchema {
    // A copy: exports deep-freeze this schema, and the raw `mcpTool.inputSchema` must stay as listed.
    return (this.modelSchema ??= inlineSchemaRefs(structuredClone(this.inputSchema())));
  }

  /** The server's `outputSchema`, if it declared one. */
  override outputSchema(): JsonSchema | undefined {
    return this.mcpTool.outputSchema as JsonSchema | undefined;
  }

  /** What an approval request shows about this tool: its server, its MCP name and the name the model uses. */
  override approvalMetadata(): Record<string, unknown> {
    return { mcpServer: this.server, mcpTool: this.mcpName, fullName: this.name };
  }

  /** How the model's text names this tool when it failed (the error funnel's label): `MCP tool '<MCP name>'`. */
  get errorLabel(): string {
    return `MCP tool '${this.mcpName}'`;
  }

  /** The connection's per-call time limit in ms (applied by the client, not by `call`'s own timer). */
  get callTimeoutMs(): number {
    return (this.executor as MCPToolExecutor).client.callTimeoutMs;
  }

  /**
   * Validates the arguments against the `inputSchema` (compiled on first use) and wraps them in
   * an {@link MCPToolAction}. Throws `INVALID_ARGUMENTS` listing each path and what is expected,
   * or naming what JSON cannot carry (nesting over `MCP_DEFAULTS.maxArgumentDepth`, a cycle, a BigInt).
   */
  override actionFromArguments(args: unknown): MCPToolAction {
    const input = this.withoutInjectedFields(args ?? {});
    if (typeof input !== 'object' || input === null || Array.isArray(input)) {
      const received = typeName(input);
      const problem = `expected an object of arguments, got ${received}`;
      throw this.invalidArguments([{ path: '', expected: 'an object of arguments', received, problem, message: `(root): ${problem}` }]);
    }
    const unsendable = jsonArgumentsIssue(input);
    if (unsendable) throw this.invalidArguments([unsendable]);
    // `null` for an optional property means "absent" (what strict exports make models send), as for native tools.
    const data = (this.dropNulls ??= lazyNullDropper(() => this.modelInputSchema()))(input);
    const issues = (this.inputCheck ??= this.validators.get(this.inputSchema()))(data);
    if (issues.length > 0) throw this.invalidArguments(issues);
    const action = new MCPToolAction();
    action.data = data as Record<string, unknown>;
    return action;
  }

  /** The Observation for a raw result (checks `structuredContent` against the `outputSchema` of a non-error result). */
  observationFromResult(result: CallToolResult): MCPToolObservation {
    const schema = this.mcpTool.outputSchema;
    const check = schema && result.isError !== true ? (this.outputCheck ??= this.validators.get(schema as JsonSchema)) : undefined;
    return observationFromMcpResult(this.name, result, check);
  }
}
