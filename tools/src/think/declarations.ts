import { IsString } from '../shared/validation-decorators.js';
import { Action, Field, Observation } from '@toolwright/sdk';

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
