import { ErrorCode, ToolwrightError } from '@toolwright/sdk';
import type { ModelErrorEntry, ModelRequestEntry, ModelResponseEntry, RecordEntry } from '@toolwright/sdk';
import type { ModelAdapter, ModelRequest } from '../model-adapter.js';
import type { ModelTurn } from '../model-turn.js';
import type { Usage } from '../usage.js';
import { dialectFor } from './dialect-for.js';

/** A recorded model request's outcome: the turn that answered it, or the failure it ended with. */
export type RecordedModelOutcome = { turn: ModelTurn; failure?: undefined } | { failure: ModelErrorEntry & RecordEntry; turn?: undefined };

/** A recorded failure as the replay model reproduced it. */
export interface ReplayedModelFailure {
  /** The record's `model-error` entry. */
  entry: ModelErrorEntry & RecordEntry;
  /** The error the replay model rejected with (`details.recorded` is true). */
  error: ToolwrightError;
}

/** A {@link ModelAdapter} answering from a record, and what it was asked. */
export interface ReplayModel extends ModelAdapter {
  /** The requests the replayed run made, in order. */
  readonly requests: readonly ModelRequest[];
  /** Recorded answers (responses and failures) not asked for yet. */
  readonly remaining: number;
  /** The recorded failures reproduced so far (the last one is what the replayed run saw last). */
  readonly failures: readonly ReplayedModelFailure[];
}

/** Options of {@link replayModel}. */
export interface ReplayModelOptions {
  /**
   * Called, before the model rejects, for a failure the record says came from the run's signal
   * (`aborted: true`: an abort or a timeout): abort the replayed run's signal here so it ends
   * `aborted` as the recorded one did. Without it the model only rejects.
   */
  abort?: (reason: Error) => void;
}

const toTurn = (e: ModelResponseEntry): ModelTurn => ({
  text: e.turn.text,
  calls: e.turn.calls,
  usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0, ...e.turn.usage } as Usage,
  finishReason: e.turn.finishReason,
  messages: e.turn.messages,
});

/** The turns of a record's model responses, in order. */
export function recordedTurns(record: readonly RecordEntry[]): ModelTurn[] {
  return record.filter((e): e is ModelResponseEntry & RecordEntry => e.type === 'model-response').map(toTurn);
}

/** What answered each of a record's model requests, in order: its turn (`model-response`) or its failure (`model-error`). */
export function recordedModelOutcomes(record: readonly RecordEntry[]): RecordedModelOutcome[] {
  const out: RecordedModelOutcome[] = [];
  for (const e of record) {
    if (e.type === 'model-response') out.push({ turn: toTurn(e) });
    else if (e.type === 'model-error') out.push({ failure: e });
  }
  return out;
}

/** The record's first model request (its messages are the conversation the run started from). */
export function firstModelRequest(record: readonly RecordEntry[]): (ModelRequestEntry & RecordEntry) | undefined {
  return record.find((e): e is ModelRequestEntry & RecordEntry => e.type === 'model-request');
}

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/** How a failure reads in one line: class, code, HTTP status, message. */
export function describeModelFailure(entry: ModelErrorEntry): string {
  const what = [entry.name, entry.code, entry.status === undefined ? undefined : `HTTP ${entry.status}`].filter((part) => part !== undefined).join(' ');
  return `${what}${entry.aborted ? ' (aborted)' : ''}: ${entry.message}${entry.cause ? ` (cause: ${entry.cause})` : ''}`;
}

const CODES = new Set<string>(Object.values(ErrorCode));

/** The error a recorded failure is replayed as: it says it was recorded; the record's code when it is a Toolwright code. */
function replayedError(entry: ModelErrorEntry & RecordEntry): ToolwrightError {
  const code = entry.code !== undefined && CODES.has(entry.code) ? (entry.code as ErrorCode) : entry.aborted ? ErrorCode.ABORTED : ErrorCode.INTERNAL;
  const { v: _v, t: _t, type: _type, ...facts } = entry;
  return new ToolwrightError({
    code,
    message: `Model request ${entry.step} failed in the record (replayed): ${describeModelFailure(entry)}`,
    details: { recorded: true, ...facts },
  });
}

/**
 * A model that answers each request with the record's next outcome, in the API the record was
 * made with: a recorded response (text streamed through `onText` at once), or — for a request
 * that failed in the record (`model-error`) — a rejection with a `ToolwrightError` saying it was
 * recorded (`details.recorded`, the record's code when it is a Toolwright code; `abort` is called
 * first for a failure of the run's signal). A request past the record's last outcome rejects with
 * `INVALID_ARGUMENTS` saying the replayed run asked more than the session did.
 * Throws `INVALID_ARGUMENTS` when the record has no model request.
 */
export function replayModel(record: readonly RecordEntry[], options: ReplayModelOptions = {}): ReplayModel {
  const first = firstModelRequest(record);
  if (!first) throw new ToolwrightError({ code: ErrorCode.INVALID_ARGUMENTS, message: 'The record has no model request: it was not made through runTools, so there are no model responses to replay.' });
  const outcomes = recordedModelOutcomes(record);
  const requests: ModelRequest[] = [];
  const failures: ReplayedModelFailure[] = [];
  return {
    dialect: dialectFor(first.api),
    requests,
    failures,
    get remaining() {
      return Math.max(0, outcomes.length - requests.length);
    },
    request(request: ModelRequest): Promise<ModelTurn> {
      requests.push(request);
      const outcome = outcomes[requests.length - 1];
      if (!outcome) {
        const failed = outcomes.filter((o) => o.failure).length;
        const has = failed === 0 ? plural(outcomes.length, 'model response') : `${plural(outcomes.length - failed, 'model response')} and ${plural(failed, 'failed model request')}`;
        const last = outcomes[outcomes.length - 1]?.failure;
        const after = last ? ` (its last request failed: the recorded run ended there)` : '';
        return Promise.reject(new ToolwrightError({ code: ErrorCode.INVALID_ARGUMENTS, message: `The replayed run made model request ${requests.length}, but the record has only ${has}${after}.`, details: { request: requests.length, recorded: outcomes.length } }));
      }
      if (outcome.failure) {
        const error = replayedError(outcome.failure);
        failures.push({ entry: outcome.failure, error });
        if (outcome.failure.aborted) options.abort?.(error);
        return Promise.reject(error);
      }
      const turn = outcome.turn;
      if (turn.text) request.onText?.(turn.text);
      return Promise.resolve(structuredClone(turn));
    },
  };
}
