import type { AsyncLocalStorage } from 'node:async_hooks';
import type { Context, Span } from '@opentelemetry/api';
import type { ActiveTracing } from './active-tracing.js';
import type { SpanFailure } from './span-failure.js';
import { currentRemoteParent } from './remote-trace-parent.js';

/** The span of one tool call, and the context its child spans start in. */
export interface CallSpan {
  readonly tracing: ActiveTracing;
  readonly span: Span;
  /** The OpenTelemetry context with `span` active. */
  readonly context: Context;
}

const byCall = new WeakMap<object, CallSpan>();
let storage: AsyncLocalStorage<CallSpan> | undefined;

/** The span of the call `key` (its call context), while tracing. */
export function callSpanOf(key: object): CallSpan | undefined {
  return byCall.get(key);
}

/**
 * The call span the running code belongs to: set while a traced call runs its steps and its tool
 * (so an MCP request made inside joins the call's trace without a registered context manager).
 */
export function currentCallSpan(): CallSpan | undefined {
  return storage?.getStore();
}

/** Runs `fn` with `call` as the {@link currentCallSpan} and its span active in OpenTelemetry's context. */
export function runInCallSpan<T>(call: CallSpan, fn: () => T): T {
  storage ??= new (process.getBuiltinModule('node:async_hooks').AsyncLocalStorage)<CallSpan>();
  return storage.run(call, () => call.tracing.api.context.with(call.context, fn));
}

/**
 * Starts the `execute_tool {name}` span of a call (GenAI semantic conventions): a child of the
 * call running it, or of the remote parent an MCP client sent (`_meta.traceparent`, see
 * `withRemoteTraceContext`), or of OpenTelemetry's active context.
 */
export function startCallSpan(tracing: ActiveTracing, key: object, toolName: string, toolCallId: string): CallSpan {
  const { api, tracer } = tracing;
  // A call made inside another traced call (a tool calling an agent) is its child; else the
  // remote parent of the MCP request being served, else OpenTelemetry's active context.
  const outer = currentCallSpan();
  let base = outer ? outer.context : api.context.active();
  const parent = outer ? undefined : currentRemoteParent();
  if (parent) {
    const traceState = parent.traceState ? api.createTraceState(parent.traceState) : undefined;
    base = api.trace.setSpanContext(base, { traceId: parent.traceId, spanId: parent.spanId, traceFlags: parent.traceFlags, isRemote: true, traceState });
  }
  const attributes: Record<string, string> = { 'gen_ai.operation.name': 'execute_tool', 'gen_ai.tool.name': toolName };
  if (toolCallId !== '') attributes['gen_ai.tool.call.id'] = toolCallId;
  const span = tracer.startSpan(toolName === '' ? 'execute_tool' : `execute_tool ${toolName}`, { kind: api.SpanKind.INTERNAL, attributes }, base);
  const call: CallSpan = { tracing, span, context: api.trace.setSpan(base, span) };
  byCall.set(key, call);
  return call;
}

/** Starts a child span of a call (permission, approval, hooks). */
export function startChildSpan(call: CallSpan, name: string, attributes?: Record<string, string>): Span {
  return call.tracing.tracer.startSpan(name, { kind: call.tracing.api.SpanKind.INTERNAL, attributes }, call.context);
}

/** Ends `span`: an error status and `error.type` when `failure` is given. */
export function endSpan(call: { tracing: ActiveTracing } | ActiveTracing, span: Span, failure?: SpanFailure): void {
  const api = 'tracing' in call ? call.tracing.api : call.api;
  if (failure) {
    span.setAttribute('error.type', failure.type);
    span.setStatus({ code: api.SpanStatusCode.ERROR, message: failure.message });
  }
  span.end();
}
