import type { Action } from './action.js';
import type { Observation } from './observation.js';
import type { ToolChunk } from './tool-chunk.js';
import type { ToolContext } from './tool-context.js';

/** What `execute` may return: an Observation (or a promise of one), or a stream of chunks whose accumulation is the result. */
export type ExecuteResult<O extends Observation = Observation> = O | Observation | Promise<O | Observation> | AsyncIterable<ToolChunk> | Promise<AsyncIterable<ToolChunk>>;

/**
 * Runs a tool's Actions. A tool's `create(state, params)` usually builds it with
 * `state.createExecutor(Executor, params)` (constructor `(state, params)`; closed with the
 * conversation); the `@Service()` classes it asks the conversation for are shared by all its executors.
 */
export interface ToolExecutor<A extends Action = Action, O extends Observation = Observation> {
  /**
   * Runs one Action. Throwing is fine: the call turns it into an error Observation. May return an
   * async iterable of chunks (strings, `{ content }`, Observations): the tool's middleware sees
   * each, progress listeners get each, and the result is their accumulation.
   */
  execute(action: A, ctx: ToolContext): ExecuteResult<O>;
  /** Releases resources (processes, connections). Called once when the conversation closes. */
  close?(): void | Promise<void>;
  /** Interrupts a running `execute` (after a timeout or an abort). */
  interrupt?(): void | Promise<void>;
}
