import { Action } from '../tool/action.js';
import type { SerializedAction } from '../tool/action.js';
import { SECURITY_RISK_LEVELS } from '../tool/provider-export.js';
import type { SecurityRisk } from '../tool/provider-export.js';
import { jsonSafeOf, toJsonSafe } from '../util/json-safe.js';
import { AgentEvent, invalidEvent, readBaseFields } from './agent-event.js';
import type { AgentEventOptions, SerializedAgentEvent } from './agent-event.js';

/** Options of {@link ActionEvent}. */
export interface ActionEventOptions extends AgentEventOptions {
  /** The validated Action. */
  action: Action;
  /** The model's `security_risk` assessment, when the export injected that field and the model filled it. */
  securityRisk?: SecurityRisk;
  /** The model's `summary` of the call, when the export injected that field and the model filled it. */
  summary?: string;
}

/** Serialized {@link ActionEvent}. */
export interface SerializedActionEvent extends SerializedAgentEvent {
  kind: 'ActionEvent';
  action: SerializedAction;
  securityRisk?: SecurityRisk;
  summary?: string;
}

/** A tool call whose arguments were valid: the Action about to run. */
export class ActionEvent extends AgentEvent {
  readonly kind = 'ActionEvent';
  /** The validated Action. */
  readonly action: Action;
  /** The model's risk assessment (injected `security_risk` field), if given. */
  readonly securityRisk?: SecurityRisk;
  /** The model's short summary (injected `summary` field), if given. */
  readonly summary?: string;

  constructor(options: ActionEventOptions) {
    super(options);
    this.action = options.action;
    if (options.securityRisk !== undefined) this.securityRisk = options.securityRisk;
    if (options.summary !== undefined) this.summary = options.summary;
  }

  /** The serialized form; the Action keeps its `kind`. Never throws (values JSON cannot carry are written as text). */
  toJSON(): SerializedActionEvent {
    const action = jsonSafeOf(
      () => this.action.toJSON(),
      () => ({ kind: this.action.constructor.name, ...toJsonSafe(this.action) as object }),
    ) as SerializedAction;
    const out: SerializedActionEvent = { ...this.baseJSON(), kind: 'ActionEvent', action };
    if (this.securityRisk !== undefined) out.securityRisk = this.securityRisk;
    if (this.summary !== undefined) out.summary = this.summary;
    return out;
  }

  /** Reads {@link ActionEvent.toJSON} output back (the Action is validated like a tool call). */
  static fromJSON(json: unknown): ActionEvent {
    const fields = readBaseFields(json, 'ActionEvent');
    if (typeof fields.action !== 'object' || fields.action === null) throw invalidEvent('ActionEvent', 'action', 'a serialized Action');
    const risk = fields.securityRisk;
    if (risk !== undefined && !SECURITY_RISK_LEVELS.includes(risk as SecurityRisk)) {
      throw invalidEvent('ActionEvent', 'securityRisk', `one of ${SECURITY_RISK_LEVELS.join(', ')}`);
    }
    if (fields.summary !== undefined && typeof fields.summary !== 'string') throw invalidEvent('ActionEvent', 'summary', 'a string');
    return new ActionEvent({
      id: fields.id,
      timestamp: fields.timestamp,
      toolCallId: fields.toolCallId,
      toolName: fields.toolName,
      action: Action.fromJSON(fields.action as SerializedAction),
      securityRisk: risk as SecurityRisk | undefined,
      summary: fields.summary as string | undefined,
    });
  }
}
