/**
 * Where a tool in an agent's tools map came from: a native spec resolved through the registry
 * (`spec` absent for `extraTools`), or an MCP server.
 */
export type ToolOrigin = { type: 'native'; spec?: string } | { type: 'mcp'; server: string; mcpName: string };

/** A short label for messages: `spec 'grep'`, `extraTools`, `MCP server 'fs' (tool 'read_file')`. */
export function describeOrigin(origin: ToolOrigin): string {
  if (origin.type === 'mcp') return `MCP server '${origin.server}' (tool '${origin.mcpName}')`;
  return origin.spec === undefined ? 'extraTools' : `spec '${origin.spec}'`;
}
