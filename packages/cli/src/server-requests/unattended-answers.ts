import type { ElicitResult, SampleResult } from '@toolwright/sdk';
import type { ServerRequestAnswers } from './server-request-answers.js';

/** Why `call` without a terminal declines. */
export const NO_TERMINAL = 'there is no terminal to ask the user on';
/** Why commands that only list declines. */
export const NOT_ASKING = 'this command does not ask the user (call and the shell do, on a terminal)';

/**
 * The answers of a command nobody sits at: sampling fails (the server gets an error saying why)
 * and elicitation is declined, each with a warning saying why and what would answer it.
 */
export function unattendedAnswers(warn: (message: string) => void, why: string): ServerRequestAnswers {
  return {
    sample(_request, asker): Promise<SampleResult> {
      warn(`declined the sampling request of ${asker}: ${why}. Run the command on a terminal, or give capabilities.sampling a handler in code.`);
      return Promise.reject(new Error(`The client declined the sampling request: ${why}.`));
    },
    elicit(_request, asker): Promise<ElicitResult> {
      warn(`declined the elicitation request of ${asker}: ${why}. Run the command on a terminal, or set capabilities.elicitation to 'defaults' to accept the requested defaults.`);
      return Promise.resolve({ action: 'decline' });
    },
  };
}
