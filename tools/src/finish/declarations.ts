import { IsString } from '../shared/validation-decorators.js';
import { Action, Field, Observation } from '@toolwright/sdk';

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
