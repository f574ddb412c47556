import type { Action } from './action.js';
import type { Observation } from './observation.js';
import type { ToolContext } from './tool-context.js';

/**
 * Runs a tool's Actions. Executors are usually typedi `@Service()` classes resolved from the
 * conversation's container, so their dependencies are injected and their lifetime is the
 * conversation's.
 */
export interface ToolExecutor<A extends Action = Action, O extends Observation = Observation> {
  /** Runs one Action. Throwing is fine: the call turns it into an error Observation. */
  execute(action: A, ctx: ToolContext): O | Observation | Promise<O | Observation>;
  /** Releases resources (processes, connections). Called once when the conversation closes. */
  close?(): void | Promise<void>;
  /** Interrupts a running `execute` (after a timeout or an abort). */
  interrupt?(): void | Promise<void>;
}
