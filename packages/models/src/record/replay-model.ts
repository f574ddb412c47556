import { ErrorCode, ToolwrightError } from '@toolwright/sdk';
import type { ModelRequestEntry, ModelResponseEntry, RecordEntry } from '@toolwright/sdk';
import type { ModelAdapter, ModelRequest } from '../model-adapter.js';
import type { ModelTurn } from '../model-turn.js';
import type { Usage } from '../usage.js';
import { dialectFor } from './dialect-for.js';

/** A {@link ModelAdapter} answering from a record, and what it was asked. */
export interface ReplayModel extends ModelAdapter {
  /** The requests the replayed run made, in order. */
  readonly requests: readonly ModelRequest[];
  /** Recorded responses not asked for yet. */
  readonly remaining: number;
}

/** The turns of a record's model responses, in order. */
export function recordedTurns(record: readonly RecordEntry[]): ModelTurn[] {
  return record
    .filter((e): e is ModelResponseEntry & RecordEntry => e.type === 'model-response')
    .map((e) => ({
      text: e.turn.text,
      calls: e.turn.calls,
      usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0, ...e.turn.usage } as Usage,
      finishReason: e.turn.finishReason,
      messages: e.turn.messages,
    }));
}

/** The record's first model request (its messages are the conversation the run started from). */
export function firstModelRequest(record: readonly RecordEntry[]): (ModelRequestEntry & RecordEntry) | undefined {
  return record.find((e): e is ModelRequestEntry & RecordEntry => e.type === 'model-request');
}

/**
 * A model that answers each request with the record's next response (text streamed through
 * `onText` at once), in the API the record was made with. A request past the last recorded
 * response rejects with `INVALID_ARGUMENTS` saying the replayed run asked more than the session did.
 * Throws `INVALID_ARGUMENTS` when the record has no model request.
 */
export function replayModel(record: readonly RecordEntry[]): ReplayModel {
  const first = firstModelRequest(record);
  if (!first) throw new ToolwrightError({ code: ErrorCode.INVALID_ARGUMENTS, message: 'The record has no model request: it was not made through runTools, so there are no model responses to replay.' });
  const turns = recordedTurns(record);
  const requests: ModelRequest[] = [];
  return {
    dialect: dialectFor(first.api),
    requests,
    get remaining() {
      return turns.length - requests.length;
    },
    request(request: ModelRequest): Promise<ModelTurn> {
      requests.push(request);
      const turn = turns[requests.length - 1];
      if (!turn) {
        return Promise.reject(new ToolwrightError({ code: ErrorCode.INVALID_ARGUMENTS, message: `The replayed run made model request ${requests.length}, but the record has only ${turns.length} model response${turns.length === 1 ? '' : 's'}.`, details: { request: requests.length, recorded: turns.length } }));
      }
      if (turn.text) request.onText?.(turn.text);
      return Promise.resolve(structuredClone(turn));
    },
  };
}
