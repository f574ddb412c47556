import type { PendingApproval } from '../policy/pending-approval.js';
import type { Observation } from '../tool/observation.js';
import type { AgentEvent } from './agent-event.js';

/** One tool call as a model emits it. */
export interface ToolCall {
  /** The model's id for the call (echoed on every event of the call). */
  id: string;
  /** The tool's name in the agent's tools map. */
  name: string;
  /** The arguments: a JSON string holding an object (as models send them), or the object itself. */
  arguments: string | Record<string, unknown>;
}

/** The outcome of one tool call. */
export interface ToolCallResult {
  /** `ActionEvent` + `ObservationEvent` (with a `LogEvent` between them for each `ctx.log`), or a single `AgentErrorEvent`. */
  events: AgentEvent[];
  /** What goes back to the model (an error Observation for an `AgentErrorEvent` too). */
  observation: Observation;
  /** Set when the call waits for approval (deferred mode): plain JSON for `agent.resume`. */
  pending?: PendingApproval;
}
