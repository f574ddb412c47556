import { ErrorCode } from '../errors/error-code.js';
import { ToolwrightError } from '../errors/toolwright-error.js';
import { isPromiseLike } from '../util/guards.js';
import type { CallContext } from './call-context.js';
import { compileHooks } from './call-hooks.js';
import type { CallHooks } from './call-hooks.js';
import type { CallLink, CallMiddleware, CallNext, CallPhase, CallStep } from './call-middleware.js';
import { hooksStep } from './phases/hooks-step.js';
import { invokeStep } from './phases/invoke-step.js';
import { lockStep } from './phases/lock-step.js';
import { resolveStep } from './phases/resolve-step.js';
import { stepFromMiddleware } from './step-from-middleware.js';
import { telemetryIdle, telemetryStep, tracedPhase } from './phases/telemetry-step.js';

/** Options of {@link CallPipeline} (and the pipeline part of `AgentOptions`). */
export interface CallPipelineOptions {
  /** Agent-level middleware, first outermost, around the whole call (they see the decision and the outcome after `next()`). */
  middleware?: CallMiddleware[];
  /**
   * The permission phase (a slot the policy layer fills): sets `ctx.decision`, and on a refusal
   * sets the error outcome and does not call `next()`. Absent: every call is allowed.
   */
  permission?: CallPhase;
  /** The approval phase (a slot the policy layer fills): asks for `ask` decisions. Absent: nothing is asked. */
  approval?: CallPhase;
  /** Pre and post hooks (see {@link CallHooks}). */
  hooks?: CallHooks;
}

/** @internal Slots filled with built-in steps (the policy runtime's), in place of the options' phases. */
export interface CallPipelineSteps {
  permission?: CallStep;
  approval?: CallStep;
}

function checkMiddleware(value: unknown, where: string): CallPhase | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'function') {
    throw new ToolwrightError({ code: ErrorCode.INVALID_SPEC, message: `${where} must be a function (ctx, next) => Promise<void>, got ${value === null ? 'null' : typeof value}.` });
  }
  return value as CallPhase;
}

/**
 * A step that is not built in (middleware, a slot's phase, the hooks, telemetry) with the rest of
 * the chain bound: a throw or a rejection becomes the call's error. (The built-in steps link
 * themselves: {@link CallLink}.)
 */
function guarded(step: CallStep): CallLink {
  return (next) => (ctx) => {
    let outcome: void | Promise<void>;
    try {
      outcome = step(ctx, next);
    } catch (error) {
      ctx.fail(error);
      return undefined;
    }
    if (outcome === undefined || !isPromiseLike(outcome)) return undefined;
    // About to wait: a call that has not taken its lock yet takes its place in the queue now.
    ctx.waiting();
    return outcome.then(undefined, (error: unknown) => ctx.fail(error));
  };
}

const end: CallNext = () => undefined;

/**
 * The one middleware chain every tool call runs through, in this order: the agent's middleware
 * (outermost) → resolve (find the tool in this turn's view, parse, build the Action) → permission
 * → approval → the resource lock → hooks (pre) → the tool's middleware → invoke → hooks (post) → …
 * back out. Every phase is a {@link CallStep}; the chain is compiled once, at construction. Calls
 * started one after another ask for their locks in that order as long as the steps before the
 * lock finish synchronously (no approval to wait for). The outcome is data on the
 * {@link CallContext}; a step that throws makes its error the outcome and the steps around it
 * still run their post parts. `run` never rejects. Usable without an Agent: give it a
 * `CallContext` over any `CallEnvironment`.
 */
export class CallPipeline {
  /** How many steps a call runs through (absent slots left out, so they cost nothing). */
  readonly length: number;
  private readonly head: CallNext;
  /** The chain after the telemetry step (the head's `next`): where a call starts while telemetry is idle. */
  private readonly inner: CallNext;

  /** @internal Built by the Agent; the pipeline is on no public entry. */
  constructor(options: CallPipelineOptions = {}, builtIn: CallPipelineSteps = {}) {
    const middleware = options.middleware ?? [];
    if (!Array.isArray(middleware)) throw new ToolwrightError({ code: ErrorCode.INVALID_SPEC, message: 'middleware must be an array of functions (ctx, next) => Promise<void>.' });
    // Telemetry's child spans go around the permission, approval and hooks steps (tracedPhase).
    const steps: CallLink[] = middleware.map((m, i) => guarded(stepFromMiddleware(checkMiddleware(m, `middleware[${i}]`)!)));
    steps.push(resolveStep);
    const given = checkMiddleware(options.permission, 'permission');
    const permission = builtIn.permission ?? (given && stepFromMiddleware(given));
    if (permission) steps.push(guarded(tracedPhase('permission', permission)));
    const givenApproval = checkMiddleware(options.approval, 'approval');
    const approval = builtIn.approval ?? (givenApproval && stepFromMiddleware(givenApproval));
    if (approval) steps.push(guarded(tracedPhase('approval', approval)));
    // After approval: a call waiting for a human holds no lock.
    steps.push(lockStep);
    const hooks = compileHooks(options.hooks);
    if (hooks) {
      // Arguments a pre hook rewrote are checked again: the permission step (then the approval step).
      const recheck: CallStep | undefined = permission && approval ? (ctx, next) => permission(ctx, (c) => approval(c, next)) : permission;
      steps.push(guarded(tracedPhase('hooks', hooksStep(hooks, recheck), 'hooks')));
    }
    steps.push(invokeStep);
    this.length = steps.length;
    let inner = end;
    for (let i = steps.length - 1; i >= 0; i--) inner = steps[i]!(inner);
    this.inner = inner;
    // Not counted in length: the telemetry step, first, skipped while tracing is off and no secret is registered.
    this.head = guarded(telemetryStep)(inner);
  }

  /** Runs the call through every step. Never rejects; afterwards `ctx.result()` gives the events and the Observation (and releases a lock still held). */
  run(ctx: CallContext): Promise<void> {
    return this.start(ctx) ?? Promise.resolve();
  }

  /**
   * {@link CallPipeline.run}, but returns undefined (no promise) when the whole call finished
   * synchronously (every step and the tool did): the caller may then read `ctx.result()` at once.
   */
  start(ctx: CallContext): Promise<void> | undefined {
    // The telemetry step (always first) would only call on: the call starts after it, one link fewer.
    // Two call sites, each with one target: a call through `(idle ? inner : head)(ctx)` sees both and
    // V8 inlines neither.
    if (telemetryIdle()) return this.inner(ctx) ?? undefined;
    return this.head(ctx) ?? undefined;
  }
}
