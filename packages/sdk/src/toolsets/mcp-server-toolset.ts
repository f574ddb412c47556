import { ErrorCode } from '../errors/error-code.js';
import { ToolwrightError } from '../errors/toolwright-error.js';
import type { MCPToolDefinition } from '../mcp/mcp-tool-definition.js';
import type { McpToolset } from '../mcp/mcp-toolset.js';
import type { McpServerConfig } from '../registry/mcp-server-config.js';
import type { ToolDefinition } from '../tool/tool-definition.js';
import { DerivedTools } from './derive-tool.js';
import { renamedTool } from './renamed-tool.js';
import type { Toolset } from './toolset.js';
import type { TurnContext } from './turn-context.js';

/** Options of {@link McpServerToolset}. */
export interface McpServerToolsetOptions {
  /** The server's name (in messages, approval metadata and `mcp__server__tool` names). */
  server: string;
  /** How to start it (stdio `command` or HTTP `url`); or give `open`. */
  config?: McpServerConfig;
  /** Opens the connection and lists the tools (for hosts and tests with their own transports). */
  open?: (ctx: TurnContext) => Promise<McpToolset>;
  /** Only these MCP tool names (by the server's names). */
  enabledTools?: readonly string[];
  /** Never these MCP tool names. */
  disabledTools?: readonly string[];
  /** `'mcp'`: model-facing names `mcp__<server>__<tool>` (characters outside `[A-Za-z0-9_-]` become `_`); default: the MCP layer's names. */
  naming?: 'default' | 'mcp';
}

const SAFE = (text: string): string => text.replace(/[^A-Za-z0-9_-]/g, '_');

/**
 * One MCP server as a toolset: connected in `forRun` (or on the first turn), tools filtered by
 * `enabledTools` / `disabledTools`, named as the MCP layer names them or `mcp__server__tool`.
 * Its tool list follows the server's `list_changed` notifications (a new array on change).
 */
export class McpServerToolset implements Toolset {
  readonly label: string;
  private connection?: Promise<McpToolset>;
  private list: readonly ToolDefinition[] = [];
  private connected = false;
  private readonly derived = new DerivedTools();

  constructor(private readonly options: McpServerToolsetOptions) {
    if (typeof options?.server !== 'string' || options.server === '') throw new ToolwrightError({ code: ErrorCode.INVALID_SPEC, message: 'McpServerToolset needs a server name.' });
    if ((options.config === undefined) === (options.open === undefined)) {
      throw new ToolwrightError({ code: ErrorCode.INVALID_SPEC, message: `McpServerToolset '${options.server}': give exactly one of config or open.` });
    }
    this.label = `MCP server '${options.server}'`;
  }

  /** Connects (once) and lists the tools. Rejects with the MCP layer's error when the server cannot be reached. */
  forRun(ctx: TurnContext): Promise<void> {
    this.connection ??= this.connect(ctx);
    return this.connection.then(() => undefined);
  }

  private async connect(ctx: TurnContext): Promise<McpToolset> {
    const { server, config } = this.options;
    let toolset: McpToolset;
    if (this.options.open) {
      toolset = await this.options.open(ctx);
    } else {
      const { createMcpTools } = await import('../mcp/index.js');
      toolset = await createMcpTools({ mcpServers: { [server]: config! } }, { cwd: ctx.state?.workingDir, onToolsChanged: () => this.refresh(toolset) });
    }
    this.refresh(toolset);
    this.connected = true;
    return toolset;
  }

  private refresh(toolset: McpToolset | undefined): void {
    if (!toolset) return;
    const { enabledTools, disabledTools, naming } = this.options;
    this.list = toolset.tools
      .filter((tool: MCPToolDefinition) => (enabledTools === undefined || enabledTools.includes(tool.mcpName)) && !(disabledTools ?? []).includes(tool.mcpName))
      .map((tool) => {
        if (naming !== 'mcp') return tool;
        const name = `mcp__${SAFE(this.options.server)}__${SAFE(tool.mcpName)}`.slice(0, 64);
        return this.derived.get(tool, name, () => renamedTool(tool, name));
      });
  }

  /** The server's tools (connecting first when `forRun` was not called; synchronous once connected). */
  tools(ctx: TurnContext): readonly ToolDefinition[] | Promise<readonly ToolDefinition[]> {
    if (this.connected) return this.list;
    return this.forRun(ctx).then(() => this.list);
  }

  /** Closes the connection. */
  async close(): Promise<void> {
    const connection = this.connection;
    this.connection = undefined;
    this.connected = false;
    this.list = [];
    if (connection) await (await connection.catch(() => undefined))?.close();
  }
}
