import { canonicalJson } from '../canonical-json.js';
import { approvalAnswerProblem } from '../approval-answer.js';
import type { ApprovalAnswer, ApprovalHandler } from '../approval-answer.js';
import type { ApprovalInbox, InboxEntry, InboxSource } from '../approval-inbox.js';
import type { ApprovalRequest } from '../approval-request.js';
import { inboxBinding, sameBinding } from './inbox-binding.js';

/** Options of {@link inboxApprovalHandler}. */
export interface InboxApprovalOptions {
  /** The conversation the calls belong to (shown with each entry). */
  conversationId?: string;
  /** Give up after this many ms without an answer: the entry is withdrawn and the call rejected (default: wait until the call is cancelled). */
  timeoutMs?: number;
  /** Called once a call is parked (e.g. to say where to answer it). */
  onPosted?: (entry: InboxEntry) => void;
}

/** A refused answer: names the entry and why; the call does not run. */
function refused(entry: InboxEntry, problem: string): Error {
  return new Error(`the answer in the approvals inbox to entry ${JSON.stringify(entry.id)} (tool ${JSON.stringify(entry.request.toolName)}) was refused: ${problem}; nothing ran`);
}

/**
 * An {@link ApprovalHandler} that parks each ask in `inbox` and waits for the answer from any
 * process (the console, `toolwright approvals`, another replica), so any Agent can use an inbox:
 * `policy: { onApproval: inboxApprovalHandler(inbox, { kind: 'agent', label: 'nightly', process: processLabel() }) }`.
 *
 * The answer is bound to exactly the request shown: the binding is computed here from the request
 * this call holds in memory (what will run), and the answer is taken only when the answered entry
 * still carries that binding and its stored request still hashes to it; otherwise the handler
 * throws and the call is denied ("asking for approval failed … refused: …"). An `edit` answer's
 * arguments are then validated and permission-checked again by the agent like a new call (an edit
 * that still asks is posted again as a new entry). When the call's signal aborts or `timeoutMs`
 * passes, the entry is withdrawn and the call rejected with a reason saying so.
 */
export function inboxApprovalHandler(inbox: ApprovalInbox, source: InboxSource, options: InboxApprovalOptions = {}): ApprovalHandler {
  return async (request: ApprovalRequest, context): Promise<ApprovalAnswer> => {
    const entry = await inbox.post(request, source, options.conversationId);
    const expected = inboxBinding({ id: entry.id, request, source, conversationId: options.conversationId });
    if (!sameBinding(entry.binding, expected)) throw refused(entry, 'the inbox stored the entry with a binding that is not this call\'s');
    options.onPosted?.(entry);
    const signals = [context.signal, options.timeoutMs === undefined ? undefined : AbortSignal.timeout(options.timeoutMs)].filter((s): s is AbortSignal => s !== undefined);
    const signal = signals.length === 0 ? undefined : signals.length === 1 ? signals[0] : AbortSignal.any(signals);
    let answer: ApprovalAnswer;
    try {
      answer = await inbox.waitForAnswer(entry.id, signal);
    } catch (error) {
      if (!signal?.aborted) throw error;
      await inbox.withdraw(entry.id).catch(() => undefined);
      const why = context.signal?.aborted ? 'the call was cancelled' : `nobody answered within ${(options.timeoutMs! / 1000).toString()} s`;
      return { type: 'reject', reason: `${why} while it waited in the approvals inbox (entry ${entry.id}); the entry was withdrawn and the call did not run.` };
    }
    const answered = await inbox.get(entry.id);
    if (!answered || answered.state !== 'answered' || answered.answer === undefined) throw refused(entry, 'the entry no longer holds the answer');
    if (!sameBinding(answered.binding, expected)) throw refused(entry, 'it carries the binding of another request, not of the call that was shown');
    if (!sameBinding(inboxBinding(answered), expected)) throw refused(entry, 'the entry was altered in the inbox after it was posted (its request no longer matches what this call would run)');
    if (canonicalJson(answered.answer) !== canonicalJson(answer)) throw refused(entry, 'the answer changed after it was given');
    const problem = approvalAnswerProblem(answer);
    if (problem) throw refused(entry, `it is malformed (${problem})`);
    return answer;
  };
}
