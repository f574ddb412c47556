import type { ToolDefinition } from '../tool/tool-definition.js';
import type { MCPToolDefinition } from '../mcp/mcp-tool-definition.js';
import type { McpToolsChange } from '../mcp/mcp-toolset.js';
import { duplicateToolError } from './resolve-native-tools.js';
import type { ToolOrigin } from './tool-origin.js';

/**
 * What tools exist for an agent: name → tool, with each tool's origin, and an optional name
 * filter every placed tool must pass. (What the model sees in a turn is decided elsewhere.)
 */
export class ToolTable {
  /** The tools, in the order they were placed. */
  readonly tools = new Map<string, ToolDefinition>();
  private readonly origins = new Map<string, ToolOrigin>();

  constructor(private readonly filter?: RegExp) {}

  /** True when the filter (if any) keeps `name`. */
  keeps(name: string): boolean {
    return this.filter === undefined || this.filter.test(name);
  }

  /** Where `name` came from. */
  originOf(name: string): ToolOrigin | undefined {
    return this.origins.get(name);
  }

  /** Adds a tool the filter keeps; throws `DUPLICATE_TOOL` naming both origins when the name is taken. */
  place(tool: ToolDefinition, origin: ToolOrigin): boolean {
    if (!this.keeps(tool.name)) return false;
    const existing = this.origins.get(tool.name);
    if (existing) throw duplicateToolError(tool.name, existing, origin);
    this.tools.set(tool.name, tool);
    this.origins.set(tool.name, origin);
    return true;
  }

  /** Adds an MCP tool (origin from its server and MCP name). */
  placeMcp(tool: MCPToolDefinition): boolean {
    return this.place(tool, { type: 'mcp', server: tool.server, mcpName: tool.mcpName });
  }

  /**
   * Applies an MCP tool-list change, reading the current tools from `current`: removed tools
   * leave, added ones join (if the filter keeps them), changed ones are replaced in place. Never
   * touches a native tool. Returns the change as it affected this table.
   */
  applyMcpChange(change: McpToolsChange, current: readonly MCPToolDefinition[]): McpToolsChange {
    const applied: McpToolsChange = { server: change.server, added: [], removed: [], changed: [] };
    for (const name of change.removed) {
      if (this.origins.get(name)?.type !== 'mcp') continue;
      this.tools.delete(name);
      this.origins.delete(name);
      applied.removed.push(name);
    }
    const byName = new Map(current.map((tool) => [tool.name, tool]));
    for (const name of [...change.added, ...change.changed]) {
      const tool = byName.get(name);
      const origin = this.origins.get(name);
      if (!tool || !this.keeps(name) || origin?.type === 'native') continue;
      this.tools.set(name, tool);
      this.origins.set(name, { type: 'mcp', server: tool.server, mcpName: tool.mcpName });
      (origin ? applied.changed : applied.added).push(name);
    }
    return applied;
  }
}
