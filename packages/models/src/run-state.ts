import { ErrorCode, Observation, ToolwrightError } from '@toolwright/sdk';
import { pendingApprovalProblem } from '@toolwright/sdk/policy';
import type { ApprovalAnswer, PendingApproval } from '@toolwright/sdk/policy';
import type { SerializedObservation } from '@toolwright/sdk';
import { modelApis } from './model-api.js';
import type { ModelApi } from './model-api.js';
import type { ToolResult } from './tool-result.js';
import type { Usage } from './usage.js';

/** Marks a serialized {@link RunState}. */
export const RUN_STATE_TYPE = 'toolwright.run-state';

/** A call of the interrupted step, answered or waiting. */
export interface StepCall {
  /** The call's id. */
  id: string;
  /** The tool's name as the model called it. */
  name: string;
}

/** {@link RunState} as plain JSON (`JSON.stringify(state)`), for a file or a database. */
export interface SerializedRunState {
  type: typeof RUN_STATE_TYPE;
  version: 1;
  /** The API the messages are in. */
  api: ModelApi;
  /** The conversation up to and including the interrupted step's assistant message(s). */
  messages: unknown[];
  /** Every call of the interrupted step, in the model's order. */
  calls: StepCall[];
  /** Results of the calls that already finished, by id. */
  completed: { id: string; name: string; observation: SerializedObservation }[];
  /** The SDK's approval envelopes of the calls that wait, unmodified (their MAC is checked on resume). */
  pending: PendingApproval[];
  /** The answers given so far, by call id. */
  answers: Record<string, ApprovalAnswer>;
  /** Steps completed before this one (the interrupted step is `step + 1`). */
  step: number;
  /** Tokens used so far. */
  usage: Usage;
  /** The names of the tools in the agent's view when the run stopped. */
  toolNames: string[];
}

function invalid(message: string): ToolwrightError {
  return new ToolwrightError({ code: ErrorCode.INVALID_ARGUMENTS, message: `RunState.fromJSON: ${message}` });
}

/**
 * Where an interrupted run stands: the messages, the calls of the step that stopped, the
 * approvals it waits for (the SDK's {@link PendingApproval} envelopes, unmodified), the step and
 * usage. Answer each with {@link RunState.approve} / {@link RunState.reject}, then pass it to
 * `runTools({ state })` — in this process or, through `JSON.stringify` and
 * {@link RunState.fromJSON}, another one.
 */
export class RunState {
  private constructor(private readonly data: SerializedRunState) {}

  /** A state from its parts (used by `runTools`). */
  static create(parts: Omit<SerializedRunState, 'type' | 'version' | 'answers' | 'completed'> & { completed: readonly ToolResult[] }): RunState {
    return new RunState({
      type: RUN_STATE_TYPE,
      version: 1,
      ...parts,
      completed: parts.completed.map((r) => ({ id: r.id, name: r.name, observation: r.observation.toJSON() })),
      answers: {},
    });
  }

  /** Reads a state from its JSON (a file, another process); rejects malformed input with `INVALID_ARGUMENTS` naming what is wrong. */
  static fromJSON(json: unknown): RunState {
    let value: unknown = json;
    if (typeof json === 'string') {
      try {
        value = JSON.parse(json) as unknown;
      } catch (error) {
        throw invalid(`not JSON (${(error as Error).message})`);
      }
    }
    if (typeof value !== 'object' || value === null) throw invalid('expected an object');
    const v = value as Partial<SerializedRunState>;
    if (v.type !== RUN_STATE_TYPE) throw invalid(`type: expected '${RUN_STATE_TYPE}'`);
    if (v.version !== 1) throw invalid('version: expected 1');
    if (!modelApis.includes(v.api as ModelApi)) throw invalid(`api: expected one of ${modelApis.join(', ')}`);
    for (const key of ['messages', 'calls', 'completed', 'pending', 'toolNames'] as const) if (!Array.isArray(v[key])) throw invalid(`${key}: expected an array`);
    v.pending!.forEach((p, i) => {
      const problem = pendingApprovalProblem(p);
      if (problem) throw invalid(`pending[${i}]: ${problem}`);
    });
    if (typeof v.step !== 'number') throw invalid('step: expected a number');
    if (typeof v.usage !== 'object' || v.usage === null) throw invalid('usage: expected an object');
    return new RunState({ ...(v as SerializedRunState), answers: { ...(v.answers ?? {}) } });
  }

  /** The API the messages are in. */
  get api(): ModelApi {
    return this.data.api;
  }

  /** The conversation so far. */
  get messages(): readonly unknown[] {
    return this.data.messages;
  }

  /** The approval envelopes the run waits for. */
  get pending(): readonly PendingApproval[] {
    return this.data.pending;
  }

  /** Steps completed. */
  get step(): number {
    return this.data.step;
  }

  /** Tokens used so far. */
  get usage(): Usage {
    return this.data.usage;
  }

  /** The tool names of the view when the run stopped. */
  get toolNames(): readonly string[] {
    return this.data.toolNames;
  }

  /** The answers given so far, by call id. */
  get answers(): Readonly<Record<string, ApprovalAnswer>> {
    return this.data.answers;
  }

  /** Every call of the interrupted step, in order. */
  get calls(): readonly StepCall[] {
    return this.data.calls;
  }

  /** The finished calls' results. */
  completedResults(): ToolResult[] {
    return this.data.completed.map((c) => ({ id: c.id, name: c.name, observation: Observation.fromJSON(c.observation) }));
  }

  private pendingCall(id: string, verb: string): void {
    if (!this.data.pending.some((p) => p.request.toolCallId === id)) {
      const waiting = this.data.pending.map((p) => p.request.toolCallId);
      throw new ToolwrightError({ code: ErrorCode.INVALID_ARGUMENTS, message: `RunState.${verb}: no pending call has id ${JSON.stringify(id)}; pending: ${waiting.map((w) => JSON.stringify(w)).join(', ') || '(none)'}.` });
    }
  }

  /** Approves the pending call `id` (it runs when the run continues). */
  approve(id: string): this {
    this.pendingCall(id, 'approve');
    this.data.answers[id] = { type: 'approve' };
    return this;
  }

  /** Rejects the pending call `id`; the model is told it was refused, with `reason`. */
  reject(id: string, reason?: string): this {
    this.pendingCall(id, 'reject');
    this.data.answers[id] = reason === undefined ? { type: 'reject' } : { type: 'reject', reason };
    return this;
  }

  /** Plain JSON (for `JSON.stringify`). */
  toJSON(): SerializedRunState {
    return structuredClone(this.data);
  }
}
