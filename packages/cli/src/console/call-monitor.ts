import { ApprovalRequestEvent, textOf } from '@toolwright/sdk';
import type { Observation } from '@toolwright/sdk';
import type { LiveCall } from './console-api.js';

/** How many finished calls the monitor keeps for a page that opens later. */
export const LIVE_CALLS_KEPT = 500;

/** Shortens `text` to `max` characters (one line). */
export function shorten(text: string, max: number): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** The arguments as short JSON for the Live view. */
export function argumentsSummary(args: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(args) ?? 'undefined';
  } catch {
    text = String(args);
  }
  return shorten(text, 160);
}

/**
 * What the policy decided about a finished call, read from its events and observation: `deny`,
 * `invalid` (arguments or tool refused before any decision), `ask → <answer>` when a human was
 * asked, else `allow`.
 */
export function decisionOf(observation: Observation, events: readonly unknown[]): string {
  const ask = events.find((event): event is ApprovalRequestEvent => event instanceof ApprovalRequestEvent);
  if (ask) return `ask → ${ask.answer?.type ?? (observation.errorCode === 'APPROVAL_REJECTED' ? 'reject' : 'pending')}`;
  if (observation.errorCode === 'PERMISSION_DENIED') return 'deny';
  if (observation.errorCode === 'APPROVAL_REJECTED') return 'ask → reject';
  if (observation.errorCode === 'INVALID_ARGUMENTS' || observation.errorCode === 'INVALID_JSON' || observation.errorCode === 'UNKNOWN_TOOL') return 'invalid';
  return 'allow';
}

/**
 * The calls of every session as they happen, for the console's Live view: a call is recorded when
 * it starts (`running`) and again when it ends (decision, duration, result summary); listeners
 * (the SSE streams) get both. Keeps the last {@link LIVE_CALLS_KEPT} calls.
 */
export class CallMonitor {
  private readonly calls = new Map<string, LiveCall>();
  private readonly listeners = new Set<(call: LiveCall) => void>();
  private counter = 0;

  /** The kept calls, oldest first. */
  list(): LiveCall[] {
    return [...this.calls.values()];
  }

  /** Calls `listener` with every start and end; returns the unsubscribe function. */
  subscribe(listener: (call: LiveCall) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Records a call's start; returns the function that records its end. */
  start(session: string, tool: string, args: unknown): { id: string; end: (observation: Observation, events: readonly unknown[]) => LiveCall } {
    const id = `c${++this.counter}`;
    const started = Date.now();
    const call: LiveCall = { id, session, tool, argumentsSummary: argumentsSummary(args), startedAt: new Date(started).toISOString(), state: 'running' };
    this.calls.set(id, call);
    if (this.calls.size > LIVE_CALLS_KEPT) this.calls.delete(this.calls.keys().next().value!);
    this.emit(call);
    return {
      id,
      end: (observation, events) => {
        const done: LiveCall = {
          ...call,
          state: 'done',
          decision: decisionOf(observation, events),
          durationMs: Date.now() - started,
          isError: observation.isError,
          resultSummary: shorten(textOf(observation.content) || (observation.content.length > 0 ? `[${observation.content.map((block) => block.type).join(', ')}]` : ''), 200),
        };
        if (observation.errorCode !== undefined) done.errorCode = observation.errorCode;
        if (this.calls.has(id)) this.calls.set(id, done);
        this.emit(done);
        return done;
      },
    };
  }

  private emit(call: LiveCall): void {
    for (const listener of this.listeners) {
      try {
        listener(call);
      } catch {
        // a closed stream; it unsubscribes itself
      }
    }
  }
}
