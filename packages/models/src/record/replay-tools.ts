import { Observation } from '@toolwright/sdk';
import type { RecordEntry, ToolChunk, ToolDefinition, ToolMiddleware } from '@toolwright/sdk';
import { recordedCalls } from './recorded-calls.js';
import type { RecordedAnswer, RecordedCall } from './recorded-calls.js';

/** The call metadata key under which a replay hands its recorded observations to the tools. */
export const REPLAY_METADATA = 'toolwright.replay';

/** Answers a replayed call with its recorded Observation. */
export interface ToolReplay {
  observationFor(toolCallId: string, toolName: string): Observation;
}

/** Error codes of calls that ended before their tool ran: such a record has no result of the tool. */
const BEFORE_THE_TOOL = new Set(['UNKNOWN_TOOL', 'INVALID_JSON', 'INVALID_ARGUMENTS', 'INVALID_TOOL_CALL', 'PERMISSION_DENIED', 'APPROVAL_REJECTED', 'HOOK_FAILED', 'CLOSED']);

/** True when the record's call reached its tool (not refused, pending, or malformed before it). */
function ranInRecord(call: RecordedCall | undefined): call is RecordedCall & { observation: NonNullable<RecordedCall['observation']> } {
  if (!call?.observation || call.pending || call.decision?.behavior === 'deny') return false;
  return !(call.observation.isError && BEFORE_THE_TOOL.has(call.observation.errorCode ?? ''));
}

/** The record's Observations by call id (an error Observation `NOT_RECORDED` for a call whose tool did not run in the record). */
export function recordedObservations(record: readonly RecordEntry[]): ToolReplay {
  const calls = recordedCalls(record);
  return {
    observationFor(id, tool) {
      const call = calls.get(id);
      if (ranInRecord(call)) return Observation.fromJSON(call.observation);
      return Observation.fromText(`Replay: call ${JSON.stringify(id)} of tool '${tool}' did not run in the record, so there is no recorded result; replay with live tools to run it.`, { isError: true, errorCode: 'NOT_RECORDED' });
    },
  };
}

const installed = new WeakSet<object>();

/** Answers from the call's replay (its metadata), without running the tool; passes through outside a replay. */
const replayMiddleware: ToolMiddleware = async function* (invocation, next): AsyncIterable<ToolChunk> {
  const replay = invocation.ctx.metadata[REPLAY_METADATA] as ToolReplay | undefined;
  if (!replay) {
    yield* next();
    return;
  }
  yield replay.observationFor(invocation.ctx.toolCallId, invocation.toolName);
};

/**
 * Lets `tools` answer replayed calls from the record: a tool middleware (added once per tool) that,
 * for a call whose metadata carries a {@link ToolReplay} (`REPLAY_METADATA`), yields the recorded
 * Observation instead of running the tool. The policy, approvals and hooks still run live. Outside
 * a replay the middleware passes the call through.
 */
export function replayRecordedTools(tools: Iterable<ToolDefinition>): void {
  for (const tool of tools) {
    if (installed.has(tool)) continue;
    installed.add(tool);
    tool.use(replayMiddleware);
  }
}

/**
 * An approval handler giving each call the answer the record gave it (by call id, in order);
 * a call the record did not answer is rejected. Pass it as the replayed agent's `onApproval`.
 */
export function recordedApprovals(record: readonly RecordEntry[]): (request: { toolCallId: string }) => RecordedAnswer {
  const calls = recordedCalls(record);
  const asked = new Map<string, number>();
  return (request) => {
    const n = asked.get(request.toolCallId) ?? 0;
    asked.set(request.toolCallId, n + 1);
    const answer = calls.get(request.toolCallId)?.approvals[n];
    return answer ?? { type: 'reject', reason: 'Replay: the record has no answer to this approval.' };
  };
}
