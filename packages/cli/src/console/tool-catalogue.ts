import type { ExportWarning, ToolDefinition, ToolFormat } from '@toolwright/sdk';
import { exportTool, SCHEMA_FORMATS } from '../commands/schema-command.js';
import type { ConsoleTools } from './console-tools.js';
import type { CatalogueExport, CatalogueResponse, CatalogueServer, CatalogueTool } from './console-api.js';


function exportsOf(tool: ToolDefinition): CatalogueExport[] {
  return SCHEMA_FORMATS.map((format: ToolFormat) => {
    const warnings: string[] = [];
    const onWarning = (warning: ExportWarning): void => {
      warnings.push([warning.message, ...warning.problems.map((p) => `${p.path}: ${p.message}`)].join('\n'));
    };
    try {
      const declaration = exportTool(tool, format, { onWarning });
      return declaration === undefined ? { format, warnings } : { format, declaration, warnings };
    } catch (error) {
      return { format, warnings: [...warnings, (error as Error).message] };
    }
  });
}

function toolEntry(tool: ToolDefinition, source: ConsoleTools): CatalogueTool {
  const entry: CatalogueTool = {
    name: tool.name,
    description: tool.description,
    origin: source.originLabel?.(tool.name) ?? 'toolset',
    annotations: { ...(tool.annotations ?? {}) },
    inputSchema: tool.inputSchema() as Record<string, unknown>,
    exports: exportsOf(tool),
  };
  if (tool.title !== undefined) entry.title = tool.title;
  const output = tool.outputSchema();
  if (output !== undefined) entry.outputSchema = output as Record<string, unknown>;
  return entry;
}

const GROUP_ORIGIN = /^group:(.*) \((.*)\)$/;

/** The MCP upstreams (with their state) and the provider groups that gave tools. */
function serversOf(source: ConsoleTools, tools: readonly CatalogueTool[]): CatalogueServer[] {
  const servers: CatalogueServer[] = (source.agent?.status().mcpServers ?? []).map((status) => {
    const server: CatalogueServer = { kind: 'mcp', name: status.name, state: status.state, tools: status.tools };
    if (status.error) server.error = `${status.error.code}: ${status.error.message}`;
    return server;
  });
  const groups = new Map<string, CatalogueServer>();
  for (const tool of tools) {
    const match = GROUP_ORIGIN.exec(tool.origin);
    if (!match) continue;
    const group = groups.get(match[1]!) ?? { kind: 'group' as const, name: match[1]!, provider: match[2]!, state: 'available', tools: [] };
    group.tools.push(tool.name);
    groups.set(match[1]!, group);
  }
  return [...servers, ...groups.values()];
}

/** The console's catalogue of `source`: every current tool with its schema and exports, and the servers behind them. */
export function catalogueOf(source: ConsoleTools, label: string): CatalogueResponse {
  const tools = source.tools().map((tool) => toolEntry(tool, source));
  return { label, tools, servers: serversOf(source, tools) };
}
