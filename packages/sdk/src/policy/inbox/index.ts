/** The approvals inbox: parked calls answered from another process (re-exported by `@toolwright/sdk/policy`). */
export { FileApprovalInbox } from './file-approval-inbox.js';
export type { FileApprovalInboxOptions } from './file-approval-inbox.js';
export { inboxApprovalHandler } from './inbox-approval-handler.js';
export type { InboxApprovalOptions } from './inbox-approval-handler.js';
export { INBOX_ID_PATTERN, inboxBinding, inboxEntryAltered, newInboxId, processLabel, sameBinding } from './inbox-binding.js';
export { checkedInboxEntry, inboxEntryProblem } from './inbox-entry-problem.js';
export { inboxAnswerRefusal } from './inbox-answer-refusal.js';
