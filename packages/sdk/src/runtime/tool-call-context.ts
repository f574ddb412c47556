import type { ConversationState } from '../state/conversation-state.js';
import type { Action } from '../tool/action.js';
import type { Observation } from '../tool/observation.js';
import type { SecurityRisk } from '../tool/provider-export.js';
import type { ToolDefinition } from '../tool/tool-definition.js';
import { AgentErrorEvent } from './agent-error-event.js';
import type { AgentEvent } from './agent-event.js';
import type { ExecuteOptions, ToolCallResult } from './tool-call.js';

/** What the steps of a call may read from the agent. */
export interface ToolCallEnvironment {
  /** The tools that exist. */
  readonly toolsMap: ReadonlyMap<string, ToolDefinition>;
  /** The conversation, once the agent is initialized. */
  readonly state?: ConversationState;
}

/**
 * Everything one tool call carries while it moves through the steps (find the tool, parse, build
 * the Action, …, invoke). Steps read what earlier steps left here and add their own; a step ends
 * the call by setting {@link ToolCallContext.observation} (see {@link ToolCallContext.fail}).
 */
export class ToolCallContext {
  /** The call's id as a string (empty when the model sent none). */
  readonly toolCallId: string;
  /** The requested name, when it was a string. */
  readonly requestedName: string | undefined;
  /** The requested name as sent (any type). */
  readonly rawName: unknown;
  /** The raw `arguments` of the call. */
  readonly rawArguments: unknown;
  /** The tool, once found. */
  tool?: ToolDefinition;
  /** The parsed arguments object, once parsed. */
  arguments?: Record<string, unknown>;
  /** The validated Action, once built. */
  action?: Action;
  /** The `ActionEvent`'s id, once emitted. */
  actionEventId?: string;
  /** The model's injected `security_risk`, when present and valid. */
  securityRisk?: SecurityRisk;
  /** The model's injected `summary`, when present. */
  summary?: string;
  /** Free-form data shared by the steps of this call (later: permission, approval, hooks). */
  readonly metadata: Record<string, unknown> = {};
  /** The events so far, in order. */
  readonly events: AgentEvent[] = [];
  /** The result for the model; set means the call is finished. */
  observation?: Observation;

  constructor(
    readonly environment: ToolCallEnvironment,
    readonly options: ExecuteOptions,
    call: { id: string; name: unknown; arguments: unknown },
  ) {
    this.toolCallId = call.id;
    this.rawName = call.name;
    this.requestedName = typeof call.name === 'string' ? call.name : undefined;
    this.rawArguments = call.arguments;
  }

  /** The name for events: the requested one, or `''` when the model sent none. */
  get toolName(): string {
    return this.tool?.name ?? this.requestedName ?? '';
  }

  /** True once a step finished the call. */
  get done(): boolean {
    return this.observation !== undefined;
  }

  /** Ends the call with an {@link AgentErrorEvent}: the model gets `message` as an error Observation. */
  fail(code: string, message: string): void {
    const event = new AgentErrorEvent({ toolCallId: this.toolCallId, toolName: this.toolName, code, message });
    this.events.push(event);
    this.observation = event.toObservation();
  }

  /** The finished call's result. */
  result(): ToolCallResult {
    return { events: this.events, observation: this.observation! };
  }
}
