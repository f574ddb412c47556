import { Service } from '@toolwright/sdk';
import type { ToolExecutor } from '@toolwright/sdk';
import type { ThinkAction } from './declarations.js';
import { ThinkObservation } from './declarations.js';

/** Acknowledges a thought; nothing else happens. */
@Service()
export class ThinkExecutor implements ToolExecutor<ThinkAction, ThinkObservation> {
  /** Returns "Your thought has been logged.". */
  execute(_action: ThinkAction): ThinkObservation {
    return ThinkObservation.fromText('Your thought has been logged.');
  }
}
