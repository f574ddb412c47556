import { IsString } from 'class-validator';
import { Action, Field, Observation, Tool, ToolDefinition } from '@toolwright/sdk';
import type { ConversationState } from '@toolwright/sdk';
import { assertNoParams } from '../shared/no-params.js';
import { ThinkExecutor } from './impl.js';

/** A thought the model wants to write down. */
export class ThinkAction extends Action {
  @Field({ description: 'The thought to log.' })
  @IsString()
  thought!: string;
}

/** The acknowledgement of a logged thought. */
export class ThinkObservation extends Observation {}

/** What the model reads about `think`. */
export const THINK_DESCRIPTION = [
  'Think something through without acting: this tool fetches nothing and changes nothing, it only records the thought.',
  'Use it when a step needs careful reasoning, for example to:',
  '1. weigh several ways to fix a bug you have located and pick the simplest sound one;',
  '2. work out why tests failed before changing code;',
  '3. plan a refactoring or a feature and compare approaches;',
  '4. keep track of hypotheses while debugging.',
].join('\n');

/** `think`: logs a thought (read-only, no params). */
@Tool({
  name: 'think',
  description: THINK_DESCRIPTION,
  annotations: { title: 'think', readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
})
export class ThinkTool extends ToolDefinition<ThinkAction, ThinkObservation> {
  /** Builds the tool; `think` takes no params. */
  static create(convState: ConversationState, params?: unknown): ThinkTool[] {
    assertNoParams('think', params);
    const executor = convState.getService(ThinkExecutor);
    return [new ThinkTool({ actionType: ThinkAction, observationType: ThinkObservation, executor })];
  }
}
