import { ErrorCode } from '../errors/error-code.js';
import { ToolwrightError } from '../errors/toolwright-error.js';
import { isPromiseLike } from '../util/guards.js';
import type { CallContext } from './call-context.js';
import { compileHooks } from './call-hooks.js';
import type { CallHooks } from './call-hooks.js';
import type { CallMiddleware, CallPhase } from './call-middleware.js';
import { stepOf } from './call-step.js';
import type { CallStep } from './call-step.js';
import { hooksPhase, hooksStep } from './phases/hooks-phase.js';
import { invokePhase, invokeStep } from './phases/invoke-phase.js';
import { lockPhase, lockStep } from './phases/lock-phase.js';
import { resolvePhase, resolveStep } from './phases/resolve-phase.js';
import { runCorePhases } from './phases/core-phases.js';

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

const DONE: Promise<void> = Promise.resolve();

/** The pipeline's own phases that never throw or reject (errors become the outcome), so they need no guard. */
const TRUSTED: ReadonlySet<CallPhase> = new Set<CallPhase>([resolvePhase, lockPhase, invokePhase]);

/** The step behind each of the pipeline's own phases. */
const STEPS: ReadonlyMap<CallPhase, CallStep> = new Map<CallPhase, CallStep>([
  [resolvePhase, resolveStep],
  [lockPhase, lockStep],
  [invokePhase, invokeStep],
]);

function checkMiddleware(value: unknown, where: string): CallPhase | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'function') {
    throw new ToolwrightError({ code: ErrorCode.INVALID_SPEC, message: `${where} must be a function (ctx, next) => Promise<void>, got ${value === null ? 'null' : typeof value}.` });
  }
  return value as CallPhase;
}

/**
 * The one middleware chain every tool call runs through, in this order: the agent's middleware
 * (outermost) → resolve (find the tool in this turn's view, parse, build the Action) → permission
 * → approval → the resource lock → hooks (pre) → the tool's middleware → invoke → hooks (post) → …
 * back out. Calls started one after another ask for their locks in that order as long as the
 * phases before the lock finish synchronously (no approval to wait for). The outcome is data on the {@link CallContext}; a phase that throws makes its error the
 * outcome and the phases around it still run their post parts. `run` never rejects.
 * Usable without an Agent: give it a `CallContext` over any `CallEnvironment`.
 */
export class CallPipeline {
  /** The phases in order (absent slots left out, so they cost nothing). */
  readonly phases: readonly CallPhase[];
  private readonly steps: readonly (CallStep | undefined)[];
  private readonly trusted: readonly boolean[];
  /** True when the phases are only the pipeline's own three (resolve → lock → invoke): they run as one step. */
  private readonly core: boolean;

  constructor(options: CallPipelineOptions = {}) {
    const middleware = options.middleware ?? [];
    if (!Array.isArray(middleware)) throw new ToolwrightError({ code: ErrorCode.INVALID_SPEC, message: 'middleware must be an array of functions (ctx, next) => Promise<void>.' });
    const phases: CallPhase[] = middleware.map((m, i) => checkMiddleware(m, `middleware[${i}]`)!);
    phases.push(resolvePhase);
    const permission = checkMiddleware(options.permission, 'permission');
    if (permission) phases.push(permission);
    const approval = checkMiddleware(options.approval, 'approval');
    if (approval) phases.push(approval);
    // After approval: a call waiting for a human holds no lock.
    phases.push(lockPhase);
    const steps: (CallStep | undefined)[] = phases.map((phase) => STEPS.get(phase) ?? stepOf(phase));
    const hooks = compileHooks(options.hooks);
    if (hooks) {
      // Arguments a pre hook rewrote are checked again: the permission phase (then the approval phase).
      const recheck: CallPhase | undefined = permission && approval ? (ctx, next) => permission(ctx, () => Promise.resolve(approval(ctx, next))) : permission;
      phases.push(hooksPhase(hooks, recheck));
      steps.push(hooksStep(hooks, recheck));
    }
    phases.push(invokePhase);
    steps.push(invokeStep);
    this.phases = phases;
    this.steps = steps;
    this.trusted = phases.map((phase) => TRUSTED.has(phase));
    this.core = phases.length === 3;
  }

  /** Runs the call through every phase. Never rejects; afterwards `ctx.result()` gives the events and the Observation (and releases a lock still held). */
  run(ctx: CallContext): Promise<void> {
    return this.start(ctx) ?? DONE;
  }

  /**
   * {@link CallPipeline.run}, but returns undefined (no promise) when the whole call finished
   * synchronously (every phase and the tool did): the caller may then read `ctx.result()` at once.
   */
  start(ctx: CallContext): Promise<void> | undefined {
    return this.core ? runCorePhases(ctx) : this.continue(ctx, 0);
  }

  /** @internal Runs the phases from `index` on; undefined when they finished synchronously. Never throws or rejects. */
  continue(ctx: CallContext, index: number): Promise<void> | undefined {
    const phase = this.phases[index];
    if (!phase) return undefined;
    const step = this.steps[index];
    let outcome: void | Promise<void>;
    try {
      outcome = step ? step(ctx, this, index + 1) : phase(ctx, this.nextOf(ctx, index + 1));
    } catch (error) {
      ctx.fail(error);
      return undefined;
    }
    // DONE comes back from a middleware that returned `next()` of a call that finished synchronously.
    if (outcome === undefined || outcome === DONE || !isPromiseLike(outcome)) return undefined;
    // About to wait: a call that has not taken its lock yet takes its place in the queue now.
    ctx.waiting();
    if (this.trusted[index]) return outcome;
    return outcome.then(undefined, (error: unknown) => ctx.fail(error));
  }

  /** @internal The `next` a middleware gets: always a promise (DONE when the rest finished synchronously). */
  nextOf(ctx: CallContext, index: number): () => Promise<void> {
    return () => this.continue(ctx, index) ?? DONE;
  }
}
