import { MemoryRecorder, toolSchemaHash } from '@toolwright/sdk';
import type { Agent, RecordEntry, ToolDefinition } from '@toolwright/sdk';
import { runTools } from '../run-tools.js';
import { diffCalls, schemaDifferences } from './diff-replay.js';
import { recordedCalls } from './recorded-calls.js';
import type { ReplayDifference, ReplayReport } from './replay-difference.js';
import { describeModelFailure, firstModelRequest, recordedModelOutcomes, recordedTurns, replayModel } from './replay-model.js';
import { REPLAY_METADATA, recordedObservations, replayRecordedTools } from './replay-tools.js';

/** Options of {@link replaySession}. */
export interface ReplaySessionOptions {
  /** The record's entries (`readRecordFile`). */
  record: readonly RecordEntry[];
  /**
   * The agent to replay with, initialized with its conversation: the same tools and policy as the
   * session (give it `onApproval: recordedApprovals(record)` to answer approvals as the record did).
   * Used for this replay: without live tools its tools get a middleware answering from the record.
   */
  agent: Agent;
  /** Run the tools (default false: each call's Observation comes from the record; decisions are made live either way). */
  liveTools?: boolean;
  /** Aborts the replay. */
  signal?: AbortSignal;
}

/** The tools of the agent (its map and this turn's view) by name. */
function toolsOf(agent: Agent): Map<string, ToolDefinition> {
  const tools = new Map<string, ToolDefinition>(agent.toolsMap);
  for (const tool of agent.view.tools()) if (!tools.has(tool.name)) tools.set(tool.name, tool);
  return tools;
}

/**
 * Re-runs a recorded session and compares it with the record. The model's responses come from
 * the record (through `runTools`, in the API it was recorded in); each call goes through the
 * agent's pipeline and policy now, and its Observation comes from the record or, with
 * `liveTools`, from running the tool. A record without model turns (an agent recorded without
 * `runTools`) replays its calls one after another. A model request that failed in the record
 * (`model-error`) fails again at that step (an aborted one aborts the replayed run): a run that
 * ends there as the record did is no difference (`failure` says what failed). Returns the differences — changed tool
 * schemas first, then per call: decision, approvals, Observation, calls missing or extra, and
 * model requests past the record or responses left over.
 */
export async function replaySession(options: ReplaySessionOptions): Promise<ReplayReport> {
  const { record, agent } = options;
  const liveTools = options.liveTools === true;
  await agent.startTurn();
  const tools = toolsOf(agent);
  const differences: ReplayDifference[] = schemaDifferences(record, (name) => {
    const tool = tools.get(name);
    return tool && toolSchemaHash(tool).hash;
  });
  if (!liveTools) replayRecordedTools(tools.values());
  const metadata = liveTools ? {} : { [REPLAY_METADATA]: recordedObservations(record) };
  const replayed = new MemoryRecorder();
  const previous = agent.recorder;
  agent.recordTo(replayed);
  const turns = recordedTurns(record);
  let status: string | undefined;
  let failure: string | undefined;
  // The replayed run's own signal: a failure the record says was an abort (or a timeout) aborts it, as it did the recorded run.
  const controller = new AbortController();
  const outer = options.signal;
  const stop = (): void => controller.abort(outer?.reason);
  if (outer?.aborted) stop();
  else outer?.addEventListener('abort', stop, { once: true });
  try {
    const first = firstModelRequest(record);
    if (first) {
      const model = replayModel(record, { abort: (reason) => controller.abort(reason) });
      const outcomes = recordedModelOutcomes(record);
      try {
        // A record whose last turn answered without tools ended there: one more request is a difference.
        // One whose last request failed ended there too: the run must reach that request, not go past it.
        const last = outcomes[outcomes.length - 1];
        const ended = last?.turn !== undefined && last.turn.calls.length === 0;
        const maxSteps = Math.max(1, ended ? outcomes.length + 1 : outcomes.length);
        const result = await runTools({ model, agent, input: first.messages, maxSteps, callOptions: { metadata }, signal: controller.signal });
        status = result.status;
        const reproduced = model.failures[model.failures.length - 1];
        // Ended by a recorded abort: the run stopped the way the recorded one did.
        if (status === 'aborted' && reproduced?.entry.aborted && model.remaining === 0) failure = reproduced.error.message;
      } catch (error) {
        status = 'failed';
        const reproduced = model.failures[model.failures.length - 1];
        if (reproduced !== undefined && reproduced.error === error) {
          // The replayed run failed where and as the recorded one did: no difference in itself.
          failure = reproduced.error.message;
        } else {
          differences.push({ kind: 'model', message: `the replayed run failed: ${error instanceof Error ? error.message : String(error)}` });
        }
      }
      if (model.remaining > 0) {
        const unreached = outcomes.slice(model.requests.length).find((o) => o.failure)?.failure;
        const noun = outcomes.some((o) => o.failure) ? 'model answers (responses and failures)' : 'model responses';
        const tail = unreached ? `; the record's model request ${unreached.step} failed (${describeModelFailure(unreached)})` : '';
        differences.push({ kind: 'model', recorded: outcomes.length, replayed: model.requests.length, message: `the replayed run ended (${status}) after ${model.requests.length} of ${outcomes.length} recorded ${noun}${tail}` });
      }
    } else {
      for (const call of recordedCalls(record).values()) {
        await agent.executeToolCall({ id: call.id, name: call.tool, arguments: call.arguments as string | Record<string, unknown> }, { metadata, signal: options.signal });
      }
    }
  } finally {
    outer?.removeEventListener('abort', stop);
    agent.recordTo(previous);
  }
  differences.push(...diffCalls(record, replayed.entries));
  const ended = { ...(status === undefined ? {} : { status }), ...(failure === undefined ? {} : { failure }) };
  return { ok: differences.length === 0, differences, calls: recordedCalls(record).size, modelSteps: turns.length, liveTools, ...ended };
}
