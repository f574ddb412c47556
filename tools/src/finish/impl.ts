import { Service } from '@toolwright/sdk';
import type { ToolExecutor } from '@toolwright/sdk';
import type { FinishAction } from './declarations.js';
import { FinishObservation } from './declarations.js';

/** Returns the closing message as the observation. */
@Service()
export class FinishExecutor implements ToolExecutor<FinishAction, FinishObservation> {
  /** The observation is the message itself. */
  execute(action: FinishAction): FinishObservation {
    return FinishObservation.fromText(action.message);
  }
}
