import { IsString } from 'class-validator';
import { Action, Field, Observation, Tool, ToolDefinition } from '@toolwright/sdk';
import type { ConversationState } from '@toolwright/sdk';
import { assertNoParams } from '../shared/no-params.js';
import { FinishExecutor } from './impl.js';

/** The model's closing message. */
export class FinishAction extends Action {
  @Field({ description: 'The final message to the user.' })
  @IsString()
  message!: string;
}

/** The closing message, echoed back. */
export class FinishObservation extends Observation {}

/** What the model reads about `finish`. */
export const FINISH_DESCRIPTION = [
  'Ends the current task or conversation. Call it when:',
  '- the requested task is done, or',
  '- you cannot go further (a technical limit, or information only the user has).',
  'The message should summarise what you did and what came of it, say what the user may do next,',
  'explain anything you could not finish, and ask any question you still need answered.',
].join('\n');

/** `finish`: ends the task with a message (read-only, no params). */
@Tool({
  name: 'finish',
  description: FINISH_DESCRIPTION,
  annotations: { title: 'finish', readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
})
export class FinishTool extends ToolDefinition<FinishAction, FinishObservation> {
  /** Builds the tool; `finish` takes no params. */
  static create(convState: ConversationState, params?: unknown): FinishTool[] {
    assertNoParams('finish', params);
    const executor = convState.getService(FinishExecutor);
    return [new FinishTool({ actionType: FinishAction, observationType: FinishObservation, executor })];
  }
}
