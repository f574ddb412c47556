import { processSecrets } from '../../secrets/process-secrets.js';
import { activeTracing } from '../../telemetry/active-tracing.js';
import type { ActiveTracing } from '../../telemetry/active-tracing.js';
import { OTEL_GLOBAL } from '../../telemetry/otel-api.js';
import type { OtelGlobal } from '../../telemetry/otel-api.js';
import { callSpanOf, endSpan, runInCallSpan, startCallSpan, startChildSpan } from '../../telemetry/call-span.js';
import type { CallSpan } from '../../telemetry/call-span.js';
import { spanFailureOf } from '../../telemetry/span-failure.js';
import type { SpanFailure } from '../../telemetry/span-failure.js';
import { isPromiseLike } from '../../util/guards.js';
import type { CallContext } from '../call-context.js';
import type { CallNext, CallStep } from '../call-middleware.js';

/**
 * Masks the process's secrets in the call's outcome and events (the one funnel of what a call
 * shows: the Observation the model reads, the error it is worded from, every event). Copies
 * only what holds a secret; nothing when no secret is registered.
 */
function maskOutcome(ctx: CallContext): void {
  if (processSecrets.size === 0) return;
  if (ctx.observation !== undefined) {
    const masked = processSecrets.maskValue(ctx.observation);
    if (masked !== ctx.observation) ctx.succeed(masked);
  } else if (ctx.failed) {
    const masked = processSecrets.maskValue(ctx.error);
    if (masked !== ctx.error) ctx.fail(masked);
  }
  const events = ctx.events;
  for (let i = 0; i < events.length; i++) {
    const event = events[i]!;
    const masked = processSecrets.maskValue(event);
    if (masked === event) continue;
    events[i] = masked;
    if (event === ctx.actionEvent) ctx.actionEvent = masked as typeof ctx.actionEvent;
  }
}

/** How the call ended, for its span (an error Observation is a failure too). */
function failureOf(ctx: CallContext): SpanFailure | undefined {
  if (ctx.failed) return spanFailureOf(ctx.error);
  const observation = ctx.observation;
  if (observation?.isError) return { type: observation.errorCode ?? 'tool_error', message: processSecrets.mask(observation.text) };
  return undefined;
}

function endCall(ctx: CallContext, call: CallSpan): void {
  const tool = ctx.tool;
  if (tool) {
    call.span.setAttribute('gen_ai.tool.name', tool.name);
    // MCP tools are extensions the agent calls out to; native tools run in the agent's process.
    call.span.setAttribute('gen_ai.tool.type', typeof (tool as { mcpName?: unknown }).mcpName === 'string' ? 'extension' : 'function');
    if (tool.description) call.span.setAttribute('gen_ai.tool.description', processSecrets.mask(tool.description));
  }
  if (ctx.pending) call.span.setAttribute('toolwright.approval.pending', true);
  endSpan(call, call.span, failureOf(ctx));
}

function finish(ctx: CallContext, call: CallSpan | undefined): void {
  maskOutcome(ctx);
  if (call) endCall(ctx, call);
}

function traced(ctx: CallContext, next: CallNext, tracing: ActiveTracing | undefined): void | Promise<void> {
  if (tracing === undefined) {
    const rest = next(ctx);
    return isPromiseLike(rest) ? rest.then(() => finish(ctx, undefined)) : finish(ctx, undefined);
  }
  const call = startCallSpan(tracing, ctx, ctx.toolName, ctx.toolCallId);
  const rest = runInCallSpan(call, () => next(ctx));
  return isPromiseLike(rest) ? rest.then(() => finish(ctx, call)) : finish(ctx, call);
}

/**
 * True when {@link telemetryStep} has nothing to do: no tracer provider registered (the API's
 * global holds none) and no secret (two property reads). The pipeline then starts a call at the
 * step after it.
 */
export function telemetryIdle(): boolean {
  return (globalThis as Record<symbol, OtelGlobal | undefined>)[OTEL_GLOBAL]?.trace === undefined && processSecrets.size === 0;
}

/**
 * The outermost step of every call: when a tracer provider is registered with
 * `@opentelemetry/api`, the call's `execute_tool {name}` span (GenAI semantic conventions) around
 * the rest; when secrets are registered, the outcome and events masked on the way out. With
 * neither ({@link telemetryIdle}), it only calls `next`.
 */
export const telemetryStep: CallStep = (ctx, next) => {
  if (telemetryIdle()) return next(ctx);
  const tracing = activeTracing();
  if (tracing === undefined) return traced(ctx, next, undefined);
  if (isPromiseLike(tracing)) return tracing.then((loaded) => traced(ctx, next, loaded));
  return traced(ctx, next, tracing);
};

/**
 * `step` in a child span `name` of its call's span while tracing: the span lasts until the step
 * calls `next` (the phase's own time: a permission check, the wait for a human, the pre hooks),
 * or until the step ends when it does not. With `after`, the time from `next`'s end to the
 * step's end gets a second span `name` (the post hooks).
 */
export function tracedPhase(name: string, step: CallStep, after?: string): CallStep {
  return (ctx, next) => {
    const call = callSpanOf(ctx);
    if (call === undefined) return step(ctx, next);
    const span = startChildSpan(call, name, { 'toolwright.phase': name });
    let open = true;
    const close = (): void => {
      if (!open) return;
      open = false;
      endSpan(call, span, ctx.failed && !ctx.pending ? spanFailureOf(ctx.error) : undefined);
    };
    const post = (): void => {
      if (after === undefined) return;
      const span2 = startChildSpan(call, after, { 'toolwright.phase': after });
      postSpans.set(ctx, () => endSpan(call, span2, ctx.failed ? spanFailureOf(ctx.error) : undefined));
    };
    const inner: CallNext = (c) => {
      close();
      const rest = next(c);
      if (isPromiseLike(rest)) return rest.then(post);
      post();
      return undefined;
    };
    let out: void | Promise<void>;
    try {
      out = step(ctx, inner);
    } catch (error) {
      close();
      throw error;
    }
    const done = (): void => {
      close();
      postSpans.get(ctx)?.();
      postSpans.delete(ctx);
    };
    if (isPromiseLike(out)) return out.then(done, (error: unknown) => {
      done();
      throw error;
    });
    done();
    return undefined;
  };
}

const postSpans = new WeakMap<CallContext, () => void>();
