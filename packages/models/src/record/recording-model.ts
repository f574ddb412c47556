import type { Recorder } from '@toolwright/sdk';
import type { ModelAdapter, ModelRequest } from '../model-adapter.js';
import type { ModelTurn } from '../model-turn.js';

/** Request numbers per recorder, so two runs recorded to one session number their requests on. */
const steps = new WeakMap<Recorder, number>();

/** A turn as a record keeps it. */
function recordedTurn(turn: ModelTurn): { text: string; calls: ModelTurn['calls']; usage: Record<string, number>; finishReason: string; messages: unknown[] } {
  return { text: turn.text, calls: turn.calls, usage: { ...turn.usage }, finishReason: turn.finishReason, messages: turn.messages };
}

/**
 * `model`, writing each request (the messages added since the previous one) and the turn that
 * answered it to `recorder`; `model` itself when there is no recorder. `runTools` wraps its model
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
      const turn = await model.request(request);
      recorder.record({ type: 'model-response', step, turn: recordedTurn(turn), ms: Math.round((recorder.now() - started) * 1000) / 1000 });
      return turn;
    },
  };
}
