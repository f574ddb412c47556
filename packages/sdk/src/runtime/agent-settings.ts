import { ErrorCode } from '../errors/error-code.js';
import { ToolwrightError } from '../errors/toolwright-error.js';
import type { McpServerConfig } from '../registry/mcp-server-config.js';

/** `filterToolsRegex` compiled; throws `INVALID_SPEC` naming the pattern and the problem. */
export function compileToolFilter(pattern: string | undefined): RegExp | undefined {
  if (pattern === undefined) return undefined;
  try {
    return new RegExp(pattern);
  } catch (error) {
    throw new ToolwrightError({
      code: ErrorCode.INVALID_SPEC,
      message: `filterToolsRegex ${JSON.stringify(pattern)} is not a valid regular expression: ${(error as Error).message}.`,
      details: { filterToolsRegex: pattern },
    });
  }
}

/** The MCP servers not marked `disabled`, or undefined when none is left (the MCP layer is then not loaded). */
export function enabledMcpServers(servers: Record<string, McpServerConfig> | undefined): Record<string, McpServerConfig> | undefined {
  const entries = Object.entries(servers ?? {}).filter(([, config]) => config?.disabled !== true);
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}
