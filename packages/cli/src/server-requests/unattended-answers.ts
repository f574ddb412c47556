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
      warn(`${asker} asked for a reply of the model (sampling): declined, ${why}. Run the command on a terminal, or answer in code (a capabilities.sampling handler, or the Agent's onSample).`);
      return Promise.reject(new Error(`The client declined the sampling request: ${why}.`));
    },
    elicit(_request, asker): Promise<ElicitResult> {
      warn(`${asker} asked for input (elicitation): declined, ${why}. Run the command on a terminal, set capabilities.elicitation to 'defaults' to accept the requested defaults, or answer in code (the Agent's onElicit).`);
      return Promise.resolve({ action: 'decline' });
    },
  };
}
