import { approvalAnswerProblem } from '../approval-answer.js';
import type { ApprovalAnswer } from '../approval-answer.js';
import type { InboxEntry } from '../approval-inbox.js';
import { inboxEntryAltered, sameBinding } from './inbox-binding.js';

/**
 * Why `answer` cannot be given to entry `id` (found as `entry`) with `binding`, or undefined when it
 * can: the entry is unknown, no longer pending, altered in the store, the binding is another
 * entry's (a replayed or stale answer), or the answer is malformed. Shared by every inbox, so the
 * messages are the same whichever store holds the entry.
 */
export function inboxAnswerRefusal(id: string, entry: InboxEntry | undefined, binding: string, answer: ApprovalAnswer): string | undefined {
  const problem = approvalAnswerProblem(answer);
  if (problem) return `the answer to inbox entry ${JSON.stringify(id)} is malformed (${problem})`;
  if (!entry) return `there is no inbox entry ${JSON.stringify(id)}`;
  if (entry.state !== 'pending') {
    const by = entry.answeredBy ? ` by ${entry.answeredBy}` : '';
    return entry.state === 'answered'
      ? `inbox entry ${JSON.stringify(id)} was already answered${by} (${entry.answer?.type ?? 'unknown'}); each entry is answered once`
      : `inbox entry ${JSON.stringify(id)} was withdrawn: its call ended without an answer (cancelled, timed out or its process is gone)`;
  }
  const altered = inboxEntryAltered(entry);
  if (altered) return altered;
  if (!sameBinding(binding, entry.binding)) {
    return `the answer's binding does not match inbox entry ${JSON.stringify(id)} (tool ${JSON.stringify(entry.request.toolName)}): it was given for another entry or another version of this one, so it is refused; show the entry again and answer what it shows`;
  }
  return undefined;
}
