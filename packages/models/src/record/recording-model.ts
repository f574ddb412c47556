import type { Recorder } from '@toolwright/sdk';
import type { ModelAdapter, ModelRequest } from '../model-adapter.js';
import type { ModelTurn } from '../model-turn.js';
import { modelErrorEntry } from './model-error-entry.js';

/** Request numbers per recorder, so two runs recorded to one session number their requests on. */
const steps = new WeakMap<Recorder, number>();

/** A turn as a record keeps it. */
function recordedTurn(turn: ModelTurn): { text: string; calls: ModelTurn['calls']; usage: Record<string, number>; finishReason: string; messages: unknown[] } {
  return { text: turn.text, calls: turn.calls, usage: { ...turn.usage }, finishReason: turn.finishReason, messages: turn.messages };
}

/**
 * `model`, writing each request (the messages added since the previous one) and the turn that
 * answered it — or, for a request that rejected (network error, HTTP error status, timeout,
 * abort), a `model-error` line — to `recorder`; `model` itself when there is no recorder. `runTools` wraps its model
 * in this when given `recorder` or an agent with one.
 */
export function recordingModel(model: ModelAdapter, recorder: Recorder | undefined): ModelAdapter {
  if (!recorder) return model;
  let sent = 0;
  return {
    dialect: model.dialect,
    async request(request: ModelRequest): Promise<ModelTurn> {
      const step = (steps.get(recorder) ?? 0) + 1;
      steps.set(recorder, step);
      const offset = sent <= request.messages.length ? sent : 0;
      recorder.record({ type: 'model-request', step, api: model.dialect.api, messages: request.messages.slice(offset), offset, tools: request.tools.length });
      sent = request.messages.length;
      const started = recorder.now();
      const ms = (): number => Math.round((recorder.now() - started) * 1000) / 1000;
      let turn: ModelTurn;
      try {
        turn = await model.request(request);
      } catch (error) {
        // A request that failed in transport answers its model-request line too: a failure, not a cut-off record.
        recorder.record(modelErrorEntry(step, error, ms(), request.signal?.aborted === true));
        throw error;
      }
      recorder.record({ type: 'model-response', step, turn: recordedTurn(turn), ms: ms() });
      return turn;
    },
  };
}
