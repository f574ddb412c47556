import { activeTracingNow } from './active-tracing.js';
import { currentCallSpan } from './call-span.js';
import { endSpan } from './call-span.js';
import { spanFailureOf } from './span-failure.js';
import { formatTraceParent } from './trace-parent.js';

/** The trace context sent to an MCP server in a request's `params._meta`. */
export type McpTraceMeta = {
  traceparent: string;
  tracestate?: string;
};

/**
 * Runs one MCP request (`send`) in a CLIENT span `{method} {target}` (MCP semantic conventions:
 * `mcp.method.name`, `gen_ai.tool.name` for `tools/call`), a child of the tool call running it,
 * and hands `send` the span's W3C trace context for the request's `params._meta`. With tracing
 * off, `send(undefined)` and nothing else. A tool result with `isError` ends the span as an
 * error (`error.type` `tool_error`).
 */
export function traceMcpRequest<T>(method: string, target: string, server: string, send: (meta: McpTraceMeta | undefined) => Promise<T>): Promise<T> {
  const tracing = activeTracingNow();
  if (tracing === undefined) return send(undefined);
  const { api, tracer } = tracing;
  const parent = currentCallSpan()?.context ?? api.context.active();
  const attributes: Record<string, string> = { 'mcp.method.name': method, 'toolwright.mcp.server': server };
  if (method === 'tools/call') {
    attributes['gen_ai.tool.name'] = target;
    attributes['gen_ai.operation.name'] = 'execute_tool';
  }
  const span = tracer.startSpan(`${method} ${target}`, { kind: api.SpanKind.CLIENT, attributes }, parent);
  const context = span.spanContext();
  const meta: McpTraceMeta = { traceparent: formatTraceParent(context) };
  const state = context.traceState?.serialize();
  if (state) meta.tracestate = state;
  let sent: Promise<T>;
  try {
    sent = send(meta);
  } catch (error) {
    endSpan(tracing, span, spanFailureOf(error));
    throw error;
  }
  return sent.then(
    (result) => {
      const isError = typeof result === 'object' && result !== null && (result as { isError?: unknown }).isError === true;
      endSpan(tracing, span, isError ? { type: 'tool_error', message: `MCP tool '${target}' returned an error result.` } : undefined);
      return result;
    },
    (error: unknown) => {
      endSpan(tracing, span, spanFailureOf(error));
      throw error;
    },
  );
}
