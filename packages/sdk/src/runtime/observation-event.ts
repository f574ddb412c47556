import { Observation } from '../tool/observation.js';
import type { SerializedObservation } from '../tool/observation.js';
import { jsonSafeOf } from '../util/json-safe.js';
import { AgentEvent, invalidEvent, readBaseFields } from './agent-event.js';
import type { AgentEventOptions, SerializedAgentEvent } from './agent-event.js';

/** Options of {@link ObservationEvent}. */
export interface ObservationEventOptions extends AgentEventOptions {
  /** What the tool returned (an error Observation when it failed, timed out or was cancelled). */
  observation: Observation;
  /** The id of the {@link ActionEvent} this answers. */
  actionId: string;
}

/** Serialized {@link ObservationEvent}. */
export interface SerializedObservationEvent extends SerializedAgentEvent {
  kind: 'ObservationEvent';
  actionId: string;
  observation: SerializedObservation;
}

/** The result of running an Action. */
export class ObservationEvent extends AgentEvent {
  readonly kind = 'ObservationEvent';
  /** What the tool returned. */
  readonly observation: Observation;
  /** The ActionEvent's id, or the ActionEvent itself until the id is first read (see {@link ObservationEvent.answering}). */
  private action: string | AgentEvent;

  constructor(options: ObservationEventOptions) {
    super(options);
    this.observation = options.observation;
    this.action = options.actionId;
  }

  /**
   * The ObservationEvent answering `action`, the runtime's way (and the pipeline bench's floor's):
   * the ActionEvent's id is read only when somebody reads `actionId`, so an id nobody reads is
   * never formatted.
   */
  static answering(action: AgentEvent, toolCallId: string, toolName: string, observation: Observation): ObservationEvent {
    const event = new ObservationEvent({ toolCallId, toolName, observation, actionId: '' });
    event.action = action;
    return event;
  }

  /** The id of the {@link ActionEvent} this answers. */
  get actionId(): string {
    const action = this.action;
    return typeof action === 'string' ? action : (this.action = action.id);
  }

  /** The serialized form; the Observation keeps its `kind`. Never throws (values JSON cannot carry are written as text). */
  toJSON(): SerializedObservationEvent {
    const observation = jsonSafeOf(
      () => this.observation.toJSON(),
      () => ({ kind: this.observation.constructor.name, content: this.observation.content, isError: this.observation.isError }),
    ) as SerializedObservation;
    return { ...this.baseJSON(), kind: 'ObservationEvent', actionId: this.actionId, observation };
  }

  /** Reads {@link ObservationEvent.toJSON} output back. */
  static fromJSON(json: unknown): ObservationEvent {
    const fields = readBaseFields(json, 'ObservationEvent');
    if (typeof fields.actionId !== 'string') throw invalidEvent('ObservationEvent', 'actionId', 'a string');
    if (typeof fields.observation !== 'object' || fields.observation === null) {
      throw invalidEvent('ObservationEvent', 'observation', 'a serialized Observation');
    }
    return new ObservationEvent({
      id: fields.id,
      timestamp: fields.timestamp,
      toolCallId: fields.toolCallId,
      toolName: fields.toolName,
      actionId: fields.actionId,
      observation: Observation.fromJSON(fields.observation as SerializedObservation),
    });
  }
}
