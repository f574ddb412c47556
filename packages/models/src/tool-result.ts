import type { Observation } from '@toolwright/sdk';

/** One answered tool call, to be turned into the API's tool-result message(s). */
export interface ToolResult {
  /** The call's id (as in {@link ModelToolCall.id}). */
  id: string;
  /** The tool's name as the model called it. */
  name: string;
  /** What the call returned (an error Observation for a failed or refused call). */
  observation: Observation;
}
