import { ErrorCode, Observation, ToolwrightError } from '@toolwright/sdk';
import type { Agent, CallOptions, ToolCall, ToolCallResult } from '@toolwright/sdk';
import type { PendingApproval } from '@toolwright/sdk/policy';
import { traceModelRequest } from '@toolwright/sdk/internal';
import type { Recorder } from '@toolwright/sdk';
import type { ModelAdapter } from './model-adapter.js';
import type { ModelToolCall, ModelTurn } from './model-turn.js';
import { maskedText } from './masked-text.js';
import { recordingModel } from './record/recording-model.js';
import { RunState } from './run-state.js';
import type { ToolResult } from './tool-result.js';
import { addUsage, emptyUsage } from './usage.js';
import type { Usage } from './usage.js';

/** One finished model request and the answers to its calls (an event of the run). */
export interface StepEvent {
  type: 'step';
  /** 1-based step number. */
  step: number;
  /** The assistant's text of this step. */
  text: string;
  /** The calls the model made. */
  calls: ModelToolCall[];
  /** The answered calls (a call waiting for approval is in `pending` instead). */
  results: ToolResult[];
  /** Approvals this step waits for. */
  pending: PendingApproval[];
  /** Tokens of this step's request. */
  usage: Usage;
  /** The API's finish reason. */
  finishReason: string;
}

/** How a run ended. */
export type RunStatus =
  /** The model answered without calling a tool. */
  | 'done'
  /** A call waits for approval: see `interruptions` and `state`. */
  | 'interrupted'
  /** `maxSteps` steps ran and the model still called tools. */
  | 'max-steps'
  /** `stopWhen` said stop. */
  | 'stopped'
  /** `signal` aborted (mid-stream or mid-tool). */
  | 'aborted';

/** What {@link runTools} returns (it never rejects for model output, a step limit or an abort). */
export interface RunResult {
  status: RunStatus;
  /** The last assistant text. */
  text: string;
  /** Every step of this call of runTools. */
  steps: StepEvent[];
  /** Tokens summed over all steps (of the whole run, a resumed one included). */
  usage: Usage;
  /** The conversation in the API's format. */
  messages: unknown[];
  /** The approvals the run waits for (status `interrupted`). */
  interruptions: PendingApproval[];
  /** Where the run stands, to answer and continue (status `interrupted`), or to continue after an abort (status `aborted`: nothing pending). */
  state?: RunState;
}

/** Options of {@link runTools}. */
export interface RunToolsOptions {
  /** The model. */
  model: ModelAdapter;
  /** The agent whose tools the model calls (initialized with its conversation). */
  agent: Agent;
  /** The user's message, or messages in the model API's format. Not with `state`. */
  input?: string | readonly unknown[];
  /** An interrupted run's state (answered with approve/reject) to continue. */
  state?: RunState;
  /** At most this many model requests in this call (default 10). */
  maxSteps?: number;
  /** Asked after each step with tool calls: true ends the run with status `stopped`. */
  stopWhen?: (step: StepEvent) => boolean;
  /** Aborts the model request and running tools. */
  signal?: AbortSignal;
  /** Told of each step as it ends. */
  onStep?: (step: StepEvent) => void;
  /** Told of assistant text as it streams (the process's registered secrets masked, also one split across chunks). */
  onText?: (text: string) => void;
  /** Start each call as soon as its arguments are complete while the model still streams (default false). */
  dispatchEarly?: boolean;
  /** Passed to every tool call (besides `signal`). */
  callOptions?: Omit<CallOptions, 'signal' | 'toolCallId'>;
  /** Records each model request and response (default: the agent's recorder, `new Agent({ recorder })`). */
  recorder?: Recorder;
  /** The context values of every turn (`agent.startTurn(values)` before each request: what toolsets' `visible`/`when` see). */
  turnValues?: Readonly<Record<string, unknown>>;
}

function configError(message: string): ToolwrightError {
  return new ToolwrightError({ code: ErrorCode.INVALID_ARGUMENTS, message: `runTools: ${message}` });
}

const toToolCall = (c: ModelToolCall): ToolCall => ({ id: c.id, name: c.name, arguments: c.arguments });

const aborted = (signal: AbortSignal | undefined): boolean => signal?.aborted === true;

/**
 * The tool loop: ask the model, run its calls through the agent (parallel calls of one step via
 * `executeToolCalls`: resource order, policy, hooks, events), send the results back, until the
 * model answers without tools, `maxSteps` is reached, `stopWhen` says stop, `signal` aborts, or a
 * call needs an approval no callback gives (then `interruptions` and a JSON-serialisable `state`).
 * Malformed calls (bad JSON, unknown tool, missing or duplicated id, cut-off stream) are answered
 * with an error result the model can act on. Rejects only for configuration mistakes and transport
 * failures of the model.
 */
export async function runTools(options: RunToolsOptions): Promise<RunResult> {
  const { agent, signal } = options;
  const model = recordingModel(options.model, options.recorder ?? agent.recorder);
  const dialect = model.dialect;
  const maxSteps = options.maxSteps ?? 10;
  if (!Number.isInteger(maxSteps) || maxSteps < 1) throw configError(`maxSteps must be a positive integer; got ${String(options.maxSteps)}.`);
  if ((options.input === undefined) === (options.state === undefined)) throw configError('pass exactly one of input (a new run) or state (an interrupted run to continue).');
  const callOptions: CallOptions = { ...options.callOptions, ...(signal ? { signal } : {}) };
  const steps: StepEvent[] = [];
  let messages: unknown[];
  let usage: Usage;
  let stepNumber: number;
  let text = '';
  const viewNames = (): string[] => agent.view.tools().map((t) => t.name);
  // An aborted run can be continued too: its state is the conversation so far, with nothing pending.
  const abortedState = (): Partial<RunResult> => ({
    state: RunState.create({ api: dialect.api, messages, calls: [], completed: [], pending: [], step: stepNumber - 1, usage, toolNames: viewNames() }),
  });
  const end = (status: RunStatus, extra: Partial<RunResult> = {}): RunResult => ({ status, text, steps, usage, messages, interruptions: [], ...(status === 'aborted' ? abortedState() : {}), ...extra });

  /** Results in call order; an interruption when any call still waits. */
  const settle = (calls: readonly { id: string; name: string }[], results: Map<string, ToolResult>, pending: PendingApproval[], step: StepEvent | undefined): RunResult | undefined => {
    if (pending.length > 0) {
      const state = RunState.create({
        api: dialect.api,
        messages,
        calls: calls.map((c) => ({ id: c.id, name: c.name })),
        completed: [...results.values()],
        pending,
        step: stepNumber - 1,
        usage,
        toolNames: viewNames(),
      });
      return end('interrupted', { interruptions: pending, state });
    }
    messages = [...messages, ...dialect.resultMessages(calls.map((c) => results.get(c.id)!))];
    if (aborted(signal)) return end('aborted');
    if (step && options.stopWhen?.(step)) return end('stopped');
    return undefined;
  };

  if (options.state) {
    const state = options.state;
    if (state.api !== dialect.api) throw configError(`the state's messages are in the ${state.api} format, but the model speaks ${dialect.api}; continue with a model of the same API.`);
    messages = [...state.messages];
    usage = state.usage;
    stepNumber = state.step + 1;
    const results = new Map(state.completedResults().map((r) => [r.id, r]));
    const resumed = state.pending.length > 0 ? await agent.resume(state.pending, { ...state.answers }, callOptions) : [];
    const pending: PendingApproval[] = [];
    state.pending.forEach((p, i) => {
      const r = resumed[i];
      if (!r) return;
      if (r.pending) pending.push(r.pending);
      else results.set(p.request.toolCallId, { id: p.request.toolCallId, name: state.calls.find((c) => c.id === p.request.toolCallId)?.name ?? p.request.toolName, observation: r.observation });
    });
    const stop = settle(state.calls, results, pending, undefined);
    if (stop) return stop;
    stepNumber++;
  } else {
    messages = typeof options.input === 'string' ? dialect.userMessage(options.input) : [...(options.input as readonly unknown[])];
    usage = emptyUsage();
    stepNumber = 1;
  }

  for (let count = 0; count < maxSteps; count++, stepNumber++) {
    if (aborted(signal)) return end('aborted');
    await agent.startTurn(options.turnValues);
    const early = new Map<string, Promise<ToolCallResult>>();
    let turn: ModelTurn;
    // The model's text reaches the user with the process's secrets masked, also across chunks.
    const streamed = options.onText && maskedText(options.onText);
    try {
      turn = await traceModelRequest({ api: dialect.api, model: options.model.model }, () =>
        model.request({
          messages,
          tools: dialect.tools(agent),
          signal,
          onText: streamed?.onText,
          onToolCall: options.dispatchEarly ? (call) => early.set(call.id, agent.executeToolCall(toToolCall(call), { ...callOptions, toolCallId: call.id })) : undefined,
        }),
      );
    } catch (error) {
      streamed?.end();
      await Promise.all(early.values());
      if (aborted(signal)) return end('aborted');
      throw error;
    }
    streamed?.end();
    usage = addUsage(usage, turn.usage);
    text = turn.text;
    messages = [...messages, ...turn.messages];
    const step: StepEvent = { type: 'step', step: stepNumber, text: turn.text, calls: turn.calls, results: [], pending: [], usage: turn.usage, finishReason: turn.finishReason };
    if (turn.calls.length === 0) {
      steps.push(step);
      options.onStep?.(step);
      return end('done');
    }
    // Early-dispatched calls whose final form differs (the stream's end changed them) are not used.
    const runnable = turn.calls.filter((c) => c.problem === undefined);
    const late = runnable.filter((c) => !early.has(c.id));
    const lateResults = await agent.executeToolCalls(late.map(toToolCall), callOptions);
    const byId = new Map<string, ToolCallResult>();
    late.forEach((c, i) => byId.set(c.id, lateResults[i]!));
    for (const [id, promise] of early) byId.set(id, await promise);
    const results = new Map<string, ToolResult>();
    for (const call of turn.calls) {
      if (call.problem !== undefined) {
        results.set(call.id, { id: call.id, name: call.name, observation: Observation.fromText(call.problem, { isError: true, errorCode: 'INVALID_TOOL_CALL' }) });
        continue;
      }
      const r = byId.get(call.id);
      if (!r) continue;
      if (r.pending) step.pending.push(r.pending);
      else results.set(call.id, { id: call.id, name: call.name, observation: r.observation });
    }
    step.results = turn.calls.flatMap((c) => (results.has(c.id) ? [results.get(c.id)!] : []));
    steps.push(step);
    options.onStep?.(step);
    const stop = settle(turn.calls, results, step.pending, step);
    if (stop) return stop;
  }
  return end('max-steps');
}
