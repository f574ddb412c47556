import type { Observation } from '../tool/observation.js';
import type { ProgressReport } from '../tool/tool-context.js';
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

/** A progress report, tagged with the call it belongs to (useful when several calls run at once). */
export interface ToolCallProgress extends ProgressReport {
  /** The call's id. */
  toolCallId: string;
  /** The tool's name. */
  toolName: string;
}

/** Options of `Agent.executeToolCall(s)`. */
export interface ExecuteOptions {
  /** Cancels the call(s): a running call ends with an `ABORTED` error Observation. */
  signal?: AbortSignal;
  /** Time limit per call in ms (overrides the tool's own; 0 = none). */
  timeoutMs?: number;
  /** Receives progress reports of running calls. */
  onProgress?: (progress: ToolCallProgress) => void;
}

/** The outcome of one tool call. */
export interface ToolCallResult {
  /** `ActionEvent` + `ObservationEvent`, or a single `AgentErrorEvent`. */
  events: AgentEvent[];
  /** What goes back to the model (an error Observation for an `AgentErrorEvent` too). */
  observation: Observation;
}
