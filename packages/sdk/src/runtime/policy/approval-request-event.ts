import { ErrorCode } from '../../errors/error-code.js';
import { ToolwrightError } from '../../errors/toolwright-error.js';
import type { ApprovalAnswer } from '../../policy/approval-answer.js';
import { approvalAnswerProblem } from '../../policy/approval-answer.js';
import type { ApprovalRequest } from '../../policy/approval-request.js';
import { isPlainObject } from '../../util/guards.js';
import { AgentEvent, invalidEvent, readBaseFields } from '../agent-event.js';
import type { AgentEventOptions, SerializedAgentEvent } from '../agent-event.js';

/** What an "always" answer added, and where it was saved. */
export interface ApprovalGrant {
  /** The rules added (`Tool(content)` syntax). */
  rules: string[];
  /** The grants file they were saved to; null when grants are kept in memory only (`grantsFile: false`). */
  file: string | null;
}

/** Options of {@link ApprovalRequestEvent}. */
export interface ApprovalRequestEventOptions extends AgentEventOptions {
  /** What is asked. */
  request: ApprovalRequest;
  /** The answer, once given. */
  answer?: ApprovalAnswer;
  /** What an "always" answer added and where it was saved. */
  granted?: ApprovalGrant;
}

/** Serialized {@link ApprovalRequestEvent}. */
export interface SerializedApprovalRequestEvent extends SerializedAgentEvent {
  kind: 'ApprovalRequestEvent';
  request: ApprovalRequest;
  answer?: ApprovalAnswer;
  granted?: ApprovalGrant;
}

/**
 * The permission policy asked a human about a call (call id, tool, arguments, reason, suggested
 * rules, the tool's approval metadata). `answer` is set once the call was answered; without an
 * answer the call is pending (deferred mode).
 */
export class ApprovalRequestEvent extends AgentEvent {
  readonly kind = 'ApprovalRequestEvent';
  /** What is asked. */
  readonly request: ApprovalRequest;
  /** The answer, once given. */
  answer?: ApprovalAnswer;
  /** Set when an "always" answer added rules: which, and the grants file they were saved to (null: memory only). */
  granted?: ApprovalGrant;

  constructor(options: ApprovalRequestEventOptions) {
    super(options);
    this.request = options.request;
    if (options.answer !== undefined) this.answer = options.answer;
    if (options.granted !== undefined) this.granted = options.granted;
  }

  /** The serialized form (plain JSON). */
  toJSON(): SerializedApprovalRequestEvent {
    const out: SerializedApprovalRequestEvent = { ...this.baseJSON(), kind: 'ApprovalRequestEvent', request: this.request };
    if (this.answer !== undefined) out.answer = this.answer;
    if (this.granted !== undefined) out.granted = this.granted;
    return out;
  }

  /** Reads {@link ApprovalRequestEvent.toJSON} output back. */
  static fromJSON(json: unknown): ApprovalRequestEvent {
    const fields = readBaseFields(json, 'ApprovalRequestEvent');
    const request = fields.request;
    if (!isPlainObject(request) || typeof request.reason !== 'string' || !isPlainObject(request.arguments) || !Array.isArray(request.suggestedRules)) {
      throw invalidEvent('ApprovalRequestEvent', 'request', 'an approval request { toolCallId, toolName, arguments, reason, suggestedRules, bypassImmune }');
    }
    if (fields.answer !== undefined) {
      const problem = approvalAnswerProblem(fields.answer);
      if (problem) throw new ToolwrightError({ code: ErrorCode.INVALID_ARGUMENTS, message: `Serialized ApprovalRequestEvent is invalid: answer: ${problem}.`, details: { kind: 'ApprovalRequestEvent', field: 'answer' } });
    }
    const granted = fields.granted;
    if (granted !== undefined && (!isPlainObject(granted) || !Array.isArray(granted.rules) || !granted.rules.every((r) => typeof r === 'string') || (granted.file !== null && typeof granted.file !== 'string'))) {
      throw invalidEvent('ApprovalRequestEvent', 'granted', 'an object { rules: string[], file: string | null }');
    }
    return new ApprovalRequestEvent({
      id: fields.id,
      timestamp: fields.timestamp,
      toolCallId: fields.toolCallId,
      toolName: fields.toolName,
      request: request as unknown as ApprovalRequest,
      answer: fields.answer as ApprovalAnswer | undefined,
      granted: granted as ApprovalGrant | undefined,
    });
  }
}
