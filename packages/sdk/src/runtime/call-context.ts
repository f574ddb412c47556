import { ErrorCode } from '../errors/error-code.js';
import { ToolwrightError } from '../errors/toolwright-error.js';
import type { ConversationState } from '../state/conversation-state.js';
import type { Action } from '../tool/action.js';
import { observationFromError } from '../tool/error-observation.js';
import type { Observation } from '../tool/observation.js';
import type { PendingApproval } from '../policy/pending-approval.js';
import type { SecurityRisk } from '../tool/provider-export.js';
import type { ResourceLocks } from '../tool/resource-locks.js';
import { ToolContext } from '../tool/tool-context.js';
import type { CallOptions } from '../tool/tool-context.js';
import type { ClientLogLevel } from '../tool/client-handlers.js';
import type { ToolDefinition } from '../tool/tool-definition.js';
import { AgentErrorEvent } from './agent-error-event.js';
import { takeCallerResult } from './caller-results.js';
import type { CallerResult } from './caller-results.js';
import type { ActionEvent } from './action-event.js';
import type { AgentEvent } from './agent-event.js';
import type { CallDecision } from './call-decision.js';
import { ObservationEvent } from './observation-event.js';
import { LogEvent } from './log-event.js';
import type { ToolCallResult } from './tool-call.js';
import type { ToolView } from './tool-view.js';

/** What a call's pipeline reads from its agent (or from whoever runs a pipeline without one). */
export interface CallEnvironment {
  /** Every tool that exists (to tell "hidden" from "unknown"). */
  readonly toolsMap: ReadonlyMap<string, ToolDefinition>;
  /** The tools the model sees this turn: the only ones it may call. */
  readonly view: ToolView;
  /** The conversation, when there is one. */
  readonly state?: ConversationState;
  /** The per-resource write order the call honours. */
  readonly locks: ResourceLocks;
}

/** One tool call as it arrived (any types: it comes from a model). */
export interface RawToolCall {
  readonly id: string;
  readonly name: unknown;
  readonly arguments: unknown;
}

/**
 * One tool call moving through the {@link CallPipeline}: the {@link ToolContext} the tool gets
 * (built once per call), plus what the phases find out (tool, arguments, Action, decision) and the
 * outcome. The outcome is data: a result (`observation`) or an error (`error`); setting one does
 * not end the call, so every phase's post part still runs and may change it.
 */
export class CallContext extends ToolContext {
  // Every field is set in the constructor (to undefined until known), so all calls share one
  // object shape with every field in the object itself: no shape change and no out-of-object
  // property store allocated as the phases fill them in.
  /** The call's name as it arrived (any type). */
  readonly rawName: unknown;
  /** The call's arguments as they arrived (any type: a JSON string, an object, anything a model sends). */
  readonly rawArguments: unknown;
  /** The requested name, when it was a string. */
  readonly requestedName: string | undefined;
  /** The tool, once resolved (in the view). */
  tool?: ToolDefinition = undefined;
  /** The parsed arguments object, once parsed (pre hooks may replace it). */
  arguments?: Record<string, unknown> = undefined;
  /** The validated Action, once built. */
  action?: Action = undefined;
  /** The call's `ActionEvent`, once emitted (replaced by one with the same id when a hook or the policy rewrites the Action). */
  actionEvent?: ActionEvent = undefined;
  /** The model's injected `security_risk`, when present and valid. */
  securityRisk?: SecurityRisk = undefined;
  /** The model's injected `summary`, when present. */
  summary?: string = undefined;
  /** The permission decision, once the permission phase made one. */
  decision?: CallDecision = undefined;
  /** Set when the call waits for a human's approval (deferred mode): it did not run. */
  pending?: PendingApproval = undefined;
  /**
   * The events list once somebody read it or a call had two events; until then the one event
   * so far is in `firstEvent`. An array that starts empty gets room for 16 events at its first
   * push: a call nobody watches gets its list at the end instead, sized to its events.
   */
  private eventList?: AgentEvent[] = undefined;
  private firstEvent?: AgentEvent = undefined;
  /** The result, when the outcome is one (see {@link CallContext.failed}). */
  observation?: Observation = undefined;
  /** The error, when the outcome is one (any thrown value). */
  error: unknown = undefined;
  /** True when the outcome is an error. */
  failed = false;
  /** Take a place in the resource queue once the call waits (see {@link CallContext.reserveLockOnWait}). */
  private reserveOnWait = false;
  /** True once the lock phase claimed the lock (a place taken after that would never be given up). */
  private lockTaken = false;

  /**
   * @param id the call's id; `name` and `args` as they arrived, kept as given (read once by the
   * caller: the Agent makes no object to carry them).
   */
  constructor(
    readonly environment: CallEnvironment,
    options: CallOptions,
    id: string,
    name: unknown,
    args: unknown,
  ) {
    super(options, id, environment.state);
    this.rawName = name;
    this.rawArguments = args;
    this.requestedName = typeof name === 'string' ? name : undefined;
    this.toolName = this.requestedName ?? '';
  }

  /** The call as it arrived (a new object each time). */
  get call(): RawToolCall {
    return { id: this.toolCallId, name: this.rawName, arguments: this.rawArguments };
  }

  /** The events so far, in order (the call's own list: a step may add to it or replace one). */
  get events(): AgentEvent[] {
    let list = this.eventList;
    if (list === undefined) {
      list = this.eventList = this.firstEvent === undefined ? [] : [this.firstEvent];
      this.firstEvent = undefined;
    }
    return list;
  }

  /** @internal Appends an event to the call's events. */
  addEvent(event: AgentEvent): void {
    const list = this.eventList;
    if (list !== undefined) list.push(event);
    else if (this.firstEvent === undefined) this.firstEvent = event;
    else {
      this.eventList = [this.firstEvent, event];
      this.firstEvent = undefined;
    }
  }

  /**
   * Records a `ctx.log` message as a {@link LogEvent} in the call's events, until the call's last
   * event (a log after that has no call to go with; checked here, so calls that never log pay nothing).
   */
  protected override recordLog(level: ClientLogLevel, data: unknown): void {
    const events = this.events;
    const last = events[events.length - 1];
    if (last instanceof ObservationEvent || last instanceof AgentErrorEvent) return;
    events.push(new LogEvent({ toolCallId: this.toolCallId, toolName: this.toolName, level, data }));
  }

  /** The caller's result given through `agent.resume` for this call, once. */
  override takeCallerResult(): CallerResult | undefined {
    return takeCallerResult(this);
  }

  /** Leaves the call pending for the caller: the tool did not run, `agent.resume` finishes it. */
  override leavePending(pending: PendingApproval): boolean {
    this.pending = pending;
    return true;
  }

  /** The `ActionEvent`'s id, once emitted. */
  get actionEventId(): string | undefined {
    return this.actionEvent?.id;
  }

  /** The conversation's write order, as the environment keeps it. */
  protected override get resourceLocks(): ResourceLocks {
    return this.environment.locks;
  }

  /**
   * Takes the call's place in the resource queue now, in the order calls are scheduled: whatever
   * the call awaits before its lock (middleware, an async permission check, a human), it keeps its
   * turn. The Agent does this for every call it creates. Whoever reserves must end the call with
   * {@link CallContext.result}, which gives an unused place up (else later calls wait for ever).
   * Without a reservation the lock phase queues when the call gets there.
   */
  reserveLock(): void {
    this.reserveOnWait = false;
    this.reserveLockPlace();
  }

  /**
   * @internal {@link CallContext.reserveLock} as the Agent does it: the place is taken only if the
   * call is about to wait before its lock (see {@link CallContext.waiting}). A call that gets to its
   * lock without waiting needs no place: nothing else ran in between, so it is still first in line
   * (one queue entry fewer for the common, synchronous call).
   */
  reserveLockOnWait(): void {
    if (!this.lockPlace && !this.lockTaken) this.reserveOnWait = true;
  }

  /**
   * @internal The pipeline says a phase returned a promise (the call is about to wait): a call
   * that asked for {@link CallContext.reserveLockOnWait} and has not taken its lock yet takes its
   * place now, still before anything else runs, so calls started later stay behind it; what it
   * touches is declared at once when the Action is known.
   */
  waiting(): void {
    if (!this.reserveOnWait) return;
    this.reserveOnWait = false;
    this.reserveLockPlace();
    this.declareAccess();
  }

  /**
   * @internal Tells the resource queue what this call will touch (once the Action is built), so
   * later calls on other resources need not wait for this one's approval.
   */
  declareAccess(): void {
    if (this.tool && this.action) this.declareLockAccess(this.tool, this.action);
  }

  /** @internal The lock step: takes the resource lock of the call's current Action at its reserved place (see `ToolContext.takeLock`). */
  claimLock(): void | Promise<void> {
    this.reserveOnWait = false;
    this.lockTaken = true;
    return this.takeLock(this.tool!, this.action!);
  }

  /** True once there is an outcome (result or error). */
  get settled(): boolean {
    return this.failed || this.observation !== undefined;
  }

  /** Sets the outcome to a result (replacing an error: a recovery). */
  succeed(observation: Observation): void {
    this.observation = observation;
    this.failed = false;
    this.error = undefined;
  }

  /** Sets the outcome to an error (any thrown value; `ToolwrightError`s keep their code). */
  fail(error: unknown): void {
    this.error = error;
    this.failed = true;
    this.observation = undefined;
  }

  /** {@link CallContext.fail} with a new `ToolwrightError` of `code` and `message`. */
  failWith(code: ErrorCode, message: string): void {
    this.fail(new ToolwrightError({ code, message, details: { tool: this.toolName } }));
  }

  /**
   * The finished call's result, through the error funnel: a call that emitted its ActionEvent ends
   * with an `ObservationEvent` (an error Observation on failure); one that never got that far with
   * one `AgentErrorEvent`. A call with no outcome at all is our bug (`INTERNAL`).
   */
  result(): ToolCallResult {
    this.releaseLock();
    this.cancelLockPlace();
    if (this.pending && this.observation) return { events: this.events, observation: this.observation, pending: this.pending };
    if (!this.settled) this.failWith(ErrorCode.INTERNAL, 'The tool call could not be handled because of an internal error (no phase produced a result). This is not a problem with your call; you may try again.');
    const observation = this.failed ? observationFromError(this.error, this.tool ?? this.toolName, this.action) : this.observation!;
    const last =
      this.actionEvent !== undefined
        ? ObservationEvent.answering(this.actionEvent, this.toolCallId, this.toolName, observation)
        : new AgentErrorEvent({ toolCallId: this.toolCallId, toolName: this.toolName, code: observation.errorCode ?? ErrorCode.INTERNAL, message: observation.text });
    let events = this.eventList;
    if (events !== undefined) events.push(last);
    else {
      // Nobody read the list: made now, with room for exactly its events.
      events = this.eventList = this.firstEvent === undefined ? [last] : [this.firstEvent, last];
      this.firstEvent = undefined;
    }
    return { events, observation };
  }
}
