import { parseTraceParent } from './trace-parent.js';
import type { TraceParent } from './trace-parent.js';

const REMOTE_PARENT = Symbol.for('toolwright.remoteTraceParent');

/**
 * `options` (a tool call's options) carrying the trace context an MCP client sent in the
 * request's `params._meta` (`traceparent`, `tracestate`): the call's `execute_tool` span becomes
 * a child of the client's span. `options` itself when `meta` has no valid `traceparent`. For
 * servers (`toolwright serve`) handling `tools/call`.
 */
export function withRemoteTraceParent<T extends object>(options: T, meta: unknown): T {
  if (typeof meta !== 'object' || meta === null) return options;
  const { traceparent, tracestate } = meta as { traceparent?: unknown; tracestate?: unknown };
  const parent = parseTraceParent(traceparent, tracestate);
  return parent ? { ...options, [REMOTE_PARENT]: parent } : options;
}

/** The remote trace context {@link withRemoteTraceParent} put on a call's options. */
export function remoteTraceParentOf(options: object): TraceParent | undefined {
  return (options as Record<symbol, TraceParent | undefined>)[REMOTE_PARENT];
}
