import type { AsyncLocalStorage } from 'node:async_hooks';
import { tracerProviderRegistered } from './otel-api.js';
import { parseTraceParent } from './trace-parent.js';
import type { TraceParent } from './trace-parent.js';

let storage: AsyncLocalStorage<TraceParent> | undefined;

/**
 * Runs `fn` (the handling of one MCP request) under the trace context the client sent in the
 * request's `params._meta` (`traceparent`, `tracestate`): the `execute_tool` spans of the tool
 * calls it makes become children of the client's span. While tracing is off, or without a valid
 * `traceparent`, just `fn()`. For servers handling `tools/call` (`toolwright serve`,
 * `createMcpServer`).
 */
export function withRemoteTraceContext<T>(meta: unknown, fn: () => T): T {
  if (typeof meta !== 'object' || meta === null || !tracerProviderRegistered()) return fn();
  const { traceparent, tracestate } = meta as { traceparent?: unknown; tracestate?: unknown };
  const parent = parseTraceParent(traceparent, tracestate);
  if (!parent) return fn();
  storage ??= new (process.getBuiltinModule('node:async_hooks').AsyncLocalStorage)<TraceParent>();
  return storage.run(parent, fn);
}

/** The remote trace context of the MCP request being handled ({@link withRemoteTraceContext}), if any. */
export function currentRemoteParent(): TraceParent | undefined {
  return storage?.getStore();
}
