import { ErrorCode } from '../../errors/error-code.js';
import { canonicalJson } from '../../policy/canonical-json.js';
import { ToolwrightError } from '../../errors/toolwright-error.js';
import { Observation } from '../../tool/observation.js';
import { describeError } from '../../util/describe-error.js';
import { isPlainObject, isPromiseLike } from '../../util/guards.js';
import { ActionEvent } from '../action-event.js';
import type { CallContext } from '../call-context.js';
import type { CompiledHooks, NamedHook, PostHook, PreHook } from '../call-hooks.js';
import type { CallNext, CallStep } from '../call-middleware.js';
import { invalidArgumentsMessage } from '../invalid-arguments-message.js';

/** One tool's own pre and post hooks. */
type ToolHooks = NonNullable<ReturnType<CompiledHooks['tools']['get']>>;

function hookFailed(hook: NamedHook<unknown>, ctx: CallContext, error: unknown): ToolwrightError {
  return new ToolwrightError({
    code: ErrorCode.HOOK_FAILED,
    message: `The ${hook.label} failed${hook.global ? ` for tool '${ctx.toolName}'` : ''}: ${describeError(error)}`,
    details: { tool: ctx.toolName, hook: hook.label },
    cause: error,
  });
}

/** Rebuilds the Action from arguments a pre hook returned (validated like the model's), replacing the ActionEvent. */
function rewrite(ctx: CallContext, hook: NamedHook<PreHook>, args: unknown): void {
  const tool = ctx.tool!;
  if (!isPlainObject(args)) {
    ctx.fail(new ToolwrightError({ code: ErrorCode.HOOK_FAILED, message: `The ${hook.label} returned arguments for tool '${tool.name}' that are not an object.`, details: { tool: tool.name, hook: hook.label } }));
    return;
  }
  try {
    ctx.action = tool.actionFromArguments(args);
  } catch (error) {
    const message = `The ${hook.label} rewrote the arguments of tool '${tool.name}' into invalid ones. ${invalidArgumentsMessage(tool, error, args)}`;
    ctx.fail(new ToolwrightError({ code: ErrorCode.HOOK_FAILED, message, details: { tool: tool.name, hook: hook.label } }));
    return;
  }
  ctx.arguments = args;
  const previous = ctx.actionEvent;
  const index = previous ? ctx.events.indexOf(previous) : -1;
  const event = new ActionEvent({ id: ctx.actionEventId, toolCallId: ctx.toolCallId, toolName: tool.name, action: ctx.action, securityRisk: ctx.securityRisk, summary: ctx.summary });
  ctx.actionEvent = event;
  if (index >= 0) ctx.events[index] = event;
}

/** Runs pre hooks in order; stays synchronous while they do. */
function runPre(ctx: CallContext, hooks: readonly NamedHook<PreHook>[], from = 0): void | Promise<void> {
  for (let i = from; i < hooks.length; i++) {
    if (ctx.settled) return;
    const hook = hooks[i]!;
    let returned: unknown;
    try {
      returned = hook.fn(ctx, ctx.arguments ?? {}, ctx.metadata);
    } catch (error) {
      ctx.fail(hookFailed(hook, ctx, error));
      return;
    }
    if (isPromiseLike(returned)) {
      return Promise.resolve(returned).then(
        (value) => {
          afterPre(ctx, hook, value);
          return runPre(ctx, hooks, i + 1);
        },
        (error: unknown) => ctx.fail(hookFailed(hook, ctx, error)),
      );
    }
    afterPre(ctx, hook, returned);
  }
}

function afterPre(ctx: CallContext, hook: NamedHook<PreHook>, returned: unknown): void {
  if (returned !== undefined && returned !== ctx.arguments) rewrite(ctx, hook, returned);
}

function asError(value: unknown): Error {
  return value instanceof Error ? value : new Error(describeError(value));
}

/** Runs post hooks in order, each on the outcome so far; stays synchronous while they do. */
function runPost(ctx: CallContext, hooks: readonly NamedHook<PostHook>[], from = 0): void | Promise<void> {
  for (let i = from; i < hooks.length; i++) {
    const hook = hooks[i]!;
    const result: Observation | Error = ctx.failed ? asError(ctx.error) : ctx.observation!;
    let returned: unknown;
    try {
      returned = hook.fn(ctx, result, ctx.metadata);
    } catch (error) {
      ctx.fail(hookFailed(hook, ctx, error));
      continue;
    }
    if (isPromiseLike(returned)) {
      return Promise.resolve(returned).then(
        (value) => {
          afterPost(ctx, value);
          return runPost(ctx, hooks, i + 1);
        },
        (error: unknown) => {
          ctx.fail(hookFailed(hook, ctx, error));
          return runPost(ctx, hooks, i + 1);
        },
      );
    }
    afterPost(ctx, returned);
  }
}

function afterPost(ctx: CallContext, returned: unknown): void {
  if (returned instanceof Observation) ctx.succeed(returned);
  else if (returned instanceof Error) ctx.fail(returned);
}

/** True when the pre hooks changed the call's arguments (a returned copy equal to them is no change). */
function rewritten(ctx: CallContext, before: unknown): boolean {
  return ctx.arguments !== before && canonicalJson(ctx.arguments) !== canonicalJson(before);
}

/**
 * Arguments a pre hook rewrote get the permission check again (`recheck`: the pipeline's
 * permission step, then its approval step): a deny fails the call, an ask asks about the
 * rewritten call, an allow goes on to `rest`. The approval the call had was for other arguments.
 */
function recheckThen(ctx: CallContext, recheck: CallStep, rest: CallNext): void | Promise<void> {
  try {
    return recheck(ctx, rest);
  } catch (error) {
    ctx.fail(error);
  }
}

/** The tool's post hooks, then the global ones. */
function afterCall(ctx: CallContext, hooks: CompiledHooks, own: ToolHooks | undefined): void | Promise<void> {
  const tool = own ? runPost(ctx, own.post) : undefined;
  return isPromiseLike(tool) ? tool.then(() => runPost(ctx, hooks.post)) : runPost(ctx, hooks.post);
}

/** The rest of the call (unless a pre hook settled it; checked again when a pre hook rewrote the arguments), then the post hooks. */
function aroundRest(ctx: CallContext, hooks: CompiledHooks, own: ToolHooks | undefined, next: CallNext, before: unknown, recheck: CallStep | undefined): void | Promise<void> {
  if (recheck && !ctx.settled && rewritten(ctx, before)) {
    const rest: CallNext = (c) => {
      if (c.settled) return undefined;
      // A pre hook that rewrote the Action onto another resource: lock that one first.
      const moved = c.action ? c.retakeLock(c.tool!, c.action) : undefined;
      return moved ? moved.then(() => next(c)) : next(c);
    };
    const checked = recheckThen(ctx, recheck, rest);
    return isPromiseLike(checked) ? Promise.resolve(checked).then(() => afterCall(ctx, hooks, own)) : afterCall(ctx, hooks, own);
  }
  if (!ctx.settled) {
    // A pre hook that rewrote the Action onto another resource: lock that one first.
    const moved = ctx.action ? ctx.retakeLock(ctx.tool!, ctx.action) : undefined;
    if (moved) return moved.then(() => aroundRest(ctx, hooks, own, next, before, undefined));
  }
  const rest = ctx.settled ? undefined : next(ctx);
  return rest ? rest.then(() => afterCall(ctx, hooks, own)) : afterCall(ctx, hooks, own);
}

/**
 * The hooks step (pai-agent-sdk's order and semantics): global pre → the tool's pre → the rest of
 * the call → the tool's post → global post, all sharing `ctx.metadata`. Pre hooks may rewrite the
 * arguments (validated again, and checked again by `recheck`, the permission step, when given);
 * a throwing hook becomes the call's error, naming the hook; post hooks always run once the pre
 * hooks ran, get the error as the result and may recover. Synchronous while the hooks and the
 * tool are.
 */
export function hooksStep(hooks: CompiledHooks, recheck?: CallStep): CallStep {
  return (ctx, next) => {
    const own = hooks.tools.get(ctx.toolName);
    const before = ctx.arguments;
    const global = runPre(ctx, hooks.pre);
    if (isPromiseLike(global)) return global.then(() => (own ? runPre(ctx, own.pre) : undefined)).then(() => aroundRest(ctx, hooks, own, next, before, recheck));
    const tool = own ? runPre(ctx, own.pre) : undefined;
    return isPromiseLike(tool) ? tool.then(() => aroundRest(ctx, hooks, own, next, before, recheck)) : aroundRest(ctx, hooks, own, next, before, recheck);
  };
}
