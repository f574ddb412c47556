import type { ClientHandlers } from '../tool/client-handlers.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { closestMatch } from '../errors/closest-match.js';
import { ToolwrightError } from '../errors/toolwright-error.js';
import { isErrorLike } from './describe-error.js';
import type { MCPClient } from './mcp-client.js';
import { mcpConfigError } from './mcp-server-plan.js';
import { MCPToolDefinition } from './mcp-tool-definition.js';
import { assignMcpToolNames, mcpNameSource } from './mcp-tool-names.js';
import type { McpNamePolicy, McpNameRequest } from './mcp-tool-names.js';
import { SchemaValidatorCache } from './schema-validator-cache.js';

/** A change of one server's tools, by Toolwright name, after `notifications/tools/list_changed`. */
export interface McpToolsChange {
  server: string;
  added: string[];
  removed: string[];
  changed: string[];
}

/** Options of `createMcpTools` and {@link createMcpToolsFromClients}. */
export interface CreateMcpToolsOptions {
  /** How clashing names are settled (default `'prefix-on-conflict'`). */
  namePolicy?: McpNamePolicy;
  /** Names already taken (native tools); a clash follows `namePolicy`. */
  reservedNames?: Iterable<string>;
  /** Called after a list change was applied to `toolset.tools`. */
  onToolsChanged?: (change: McpToolsChange) => void;
  /** Base directory for relative stdio `cwd`s (default `process.cwd()`). */
  cwd?: string;
  /** Closing a connection, in ms (default 10 s). */
  closeTimeoutMs?: number;
  /** Largest message accepted from a stdio server, in bytes (default 10 MiB). */
  maxMessageBytes?: number;
  /** The host's sampling/elicitation handlers, for servers whose `capabilities` say `true` (the Agent passes its `onSample`/`onElicit`). */
  clientHandlers?: ClientHandlers;
}

/** A listed MCP tool that was not made a Toolwright tool, and why. */
export interface McpSkippedTool {
  server: string;
  /** The name as the server listed it. */
  mcpName: string;
  /** Why, in words (`its name is empty`). */
  reason: string;
}

/** The tools of some MCP servers and the handle that closes their connections. */
export interface McpToolset {
  /** The current tools (updated in place when a server's list changes). */
  readonly tools: readonly MCPToolDefinition[];
  /** The connected servers, in config order. */
  readonly serverNames: readonly string[];
  /** The connections, one per server. */
  readonly clients: readonly MCPClient[];
  /** Listed tools the model cannot be offered (an empty name), per the last listing of each server. */
  readonly skippedTools: readonly McpSkippedTool[];
  /** Closes every connection and child process, once. Never throws. */
  close(): Promise<void>;
}

/**
 * Connects the clients (in parallel) and builds their tools. If any server cannot be reached, all
 * are closed and the error is thrown (several failures are reported together); so is a name
 * clash under policy `'error'`, or an `enabledTools` entry the server does not have.
 */
export async function createMcpToolsFromClients(clients: readonly MCPClient[], options: CreateMcpToolsOptions = {}): Promise<McpToolset> {
  const results = await Promise.allSettled(clients.map((client) => client.connect()));
  const failures = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
  try {
    if (failures.length === 1) throw failures[0];
    if (failures.length > 1) {
      const first = failures[0];
      const message = failures.map((f) => (isErrorLike(f) ? f.message : String(f))).join('\n\n');
      throw ToolwrightError.isInstance(first) ? new ToolwrightError({ code: first.code, message, details: { errors: failures } }) : first;
    }
    return new LiveMcpToolset(clients, options);
  } catch (error) {
    await Promise.all(clients.map((client) => client.close()));
    throw error;
  }
}

class LiveMcpToolset implements McpToolset {
  readonly tools: MCPToolDefinition[] = [];
  skippedTools: McpSkippedTool[] = [];
  readonly serverNames: readonly string[];
  private readonly validators = new SchemaValidatorCache();
  private readonly reserved: ReadonlySet<string>;
  private readonly policy: McpNamePolicy;
  private readonly unsubscribes: (() => void)[] = [];
  private closing?: Promise<void>;

  constructor(
    readonly clients: readonly MCPClient[],
    private readonly options: CreateMcpToolsOptions,
  ) {
    this.serverNames = clients.map((c) => c.name);
    this.reserved = new Set(options.reservedNames ?? []);
    this.policy = options.namePolicy ?? 'prefix-on-conflict';
    const picked = clients.flatMap((client) => this.select(client, client.tools, true).map((tool) => ({ client, tool })));
    const names = assignMcpToolNames(picked.map(({ client, tool }) => nameRequest(client, tool)), this.policy, this.reserved);
    picked.forEach(({ client, tool }, i) => this.tools.push(new MCPToolDefinition({ name: names[i]!, tool, client, validators: this.validators })));
    for (const client of clients) this.unsubscribes.push(client.onToolsChanged((tools) => this.apply(client, tools)));
  }

  close(): Promise<void> {
    if (!this.closing) {
      for (const unsubscribe of this.unsubscribes) unsubscribe();
      this.closing = Promise.all(this.clients.map((client) => client.close())).then(() => undefined);
    }
    return this.closing;
  }

  /** {@link selectTools}, keeping {@link LiveMcpToolset.skippedTools} current for `client`. */
  private select(client: MCPClient, listed: readonly Tool[], strict: boolean): Tool[] {
    const skipped = listed.filter(unnamed).map((tool) => ({ server: client.name, mcpName: tool.name, reason: 'its name is empty, so no model could call it by name' }));
    this.skippedTools = [...this.skippedTools.filter((s) => s.server !== client.name), ...skipped];
    return selectTools(client, listed.filter((tool) => !unnamed(tool)), strict);
  }

  /** Applies a new listing of `client`'s tools: removed leave, changed are rebuilt, added are named and join. */
  private apply(client: MCPClient, listed: readonly Tool[]): void {
    if (this.closing) return;
    const next = new Map(this.select(client, listed, false).map((tool) => [tool.name, tool]));
    const change: McpToolsChange = { server: client.name, added: [], removed: [], changed: [] };
    for (let i = this.tools.length - 1; i >= 0; i--) {
      const old = this.tools[i]!;
      if (old.server !== client.name) continue;
      const tool = next.get(old.mcpName);
      next.delete(old.mcpName);
      if (!tool) {
        this.tools.splice(i, 1);
        change.removed.unshift(old.name);
      } else if (JSON.stringify(tool) !== JSON.stringify(old.mcpTool)) {
        this.tools[i] = new MCPToolDefinition({ name: old.name, tool, client, validators: this.validators });
        change.changed.unshift(old.name);
      }
    }
    if (next.size > 0) {
      const taken = new Map(this.tools.map((t) => [t.name, mcpNameSource({ server: t.server, mcpName: t.mcpName })]));
      const added = [...next.values()];
      // At runtime a clash cannot fail initialization any more: under 'error' the newcomer is prefixed.
      const policy = this.policy === 'error' ? 'prefix-on-conflict' : this.policy;
      const names = assignMcpToolNames(added.map((tool) => nameRequest(client, tool)), policy, this.reserved, taken);
      added.forEach((tool, i) => {
        this.tools.push(new MCPToolDefinition({ name: names[i]!, tool, client, validators: this.validators }));
        change.added.push(names[i]!);
      });
    }
    if (change.added.length + change.removed.length + change.changed.length === 0) return;
    try {
      this.options.onToolsChanged?.(change);
    } catch {
      // A failing listener must not break the connection.
    }
  }
}

function nameRequest(client: MCPClient, tool: Tool): McpNameRequest {
  return client.prefix === undefined ? { server: client.name, mcpName: tool.name } : { server: client.name, mcpName: tool.name, prefix: client.prefix };
}

/** A tool with an empty (or blank) name: it has no name to offer the model, and guessing one (`tool`) would mislead. */
const unnamed = (tool: Tool): boolean => typeof tool.name !== 'string' || tool.name.trim() === '';

/** Tools that must be called as MCP tasks, which this client does not do: the model could only get errors from them. */
const needsTasks = (tool: Tool): boolean => (tool as { execution?: { taskSupport?: string } }).execution?.taskSupport === 'required';

/**
 * The listed tools the server's filters keep (first of duplicate names; none that require
 * task-based execution). With `strict`, `enabledTools` naming a tool the server lacks (or one
 * that requires tasks) is an error.
 */
function selectTools(client: MCPClient, listed: readonly Tool[], strict: boolean): Tool[] {
  const seen = new Set<string>();
  const taskOnly = new Set(listed.filter(needsTasks).map((tool) => tool.name));
  const unique = listed.filter((tool) => !seen.has(tool.name) && seen.add(tool.name) && !taskOnly.has(tool.name));
  const { enabledTools, disabledTools } = client;
  if (enabledTools && strict) {
    const tasks = enabledTools.filter((name) => taskOnly.has(name));
    if (tasks.length > 0) {
      throw mcpConfigError(client.name, 'enabledTools', `${tasks.map((m) => `'${m}'`).join(', ')} can only be called as an MCP task, which this client does not support; remove it.`);
    }
    const missing = enabledTools.filter((name) => !seen.has(name));
    if (missing.length > 0) {
      const callable = [...seen].filter((name) => !taskOnly.has(name)).sort();
      // The JSON path of the first unknown entry, and the closest tool the server has.
      const at = enabledTools.indexOf(missing[0]!);
      const guess = closestMatch(missing[0]!, callable);
      throw mcpConfigError(client.name, `enabledTools[${at}]`, `the server has no tool named ${missing.map((m) => `'${m}'`).join(', ')}.${guess ? ` Did you mean '${guess}'?` : ''} Available: ${callable.join(', ') || '(none)'}.`);
    }
  }
  if (enabledTools) {
    const wanted = new Set(enabledTools);
    return unique.filter((tool) => wanted.has(tool.name));
  }
  if (disabledTools) {
    const unwanted = new Set(disabledTools);
    return unique.filter((tool) => !unwanted.has(tool.name));
  }
  return unique;
}
