import { MCPClient } from './mcp-client.js';
import type { McpTransportFactory } from './mcp-client.js';
import type { McpServerPlan } from './mcp-server-plan.js';
import { StdioProcessTransport } from './stdio-process-transport.js';

/** Transport settings shared by all servers of a toolset. */
export interface McpTransportSettings {
  /** Closing a connection, in ms (default 10 s). */
  closeTimeoutMs?: number;
  /** Largest message accepted from a stdio server, in bytes (default 10 MiB). */
  maxMessageBytes?: number;
}

/** An (unconnected) {@link MCPClient} for a checked server plan. */
export function mcpClientFromPlan(plan: McpServerPlan, settings: McpTransportSettings = {}): MCPClient {
  return new MCPClient({
    name: plan.name,
    target: targetOf(plan),
    transport: transportFactory(plan, settings),
    connectTimeoutMs: plan.connectTimeoutMs,
    callTimeoutMs: plan.callTimeoutMs,
    closeTimeoutMs: settings.closeTimeoutMs,
    enabledTools: plan.enabledTools,
    disabledTools: plan.disabledTools,
    prefix: plan.prefix,
  });
}

function transportFactory(plan: McpServerPlan, settings: McpTransportSettings): McpTransportFactory {
  if (plan.kind === 'stdio') {
    const { command, args, env, cwd } = plan;
    return () => new StdioProcessTransport({ command, args, env, cwd, maxMessageBytes: settings.maxMessageBytes, closeTimeoutMs: settings.closeTimeoutMs });
  }
  const requestInit: RequestInit | undefined = plan.headers ? { headers: { ...plan.headers } } : undefined;
  if (plan.kind === 'sse') {
    return async () => {
      const { SSEClientTransport } = await import('@modelcontextprotocol/sdk/client/sse.js');
      return new SSEClientTransport(plan.url, { requestInit });
    };
  }
  return async () => {
    const { StreamableHTTPClientTransport } = await import('@modelcontextprotocol/sdk/client/streamableHttp.js');
    return new StreamableHTTPClientTransport(plan.url, { requestInit });
  };
}

function targetOf(plan: McpServerPlan): string {
  if (plan.kind !== 'stdio') return `${plan.kind === 'sse' ? 'SSE ' : ''}${plan.url.origin}${plan.url.pathname}`;
  const line = [plan.command, ...plan.args].join(' ');
  return line.length > 160 ? `${line.slice(0, 160)}…` : line;
}
