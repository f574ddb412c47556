/**
 * @toolwright/sdk/policy — what may run: permission rules and modes, the decision model, the
 * permission engine, grants and audit files, approvals and their answers, dangerous and protected
 * paths. An agent takes a policy through `AgentOptions.policy`; this entry is for writing rules,
 * answering approvals and giving tools their own permission checks.
 */
export { alwaysAllow, approveCall, editCall, rejectCall } from './approval-answer.js';
export type { ApprovalAnswer, ApprovalHandler } from './approval-answer.js';
export type { ApprovalInbox, InboxEntry, InboxFilter, InboxSource } from './approval-inbox.js';
export { checkedInboxEntry, FileApprovalInbox, inboxAnswerRefusal, inboxApprovalHandler, inboxEntryProblem } from './inbox/index.js';
export { INBOX_ID_PATTERN, inboxBinding, inboxEntryAltered, newInboxId, processLabel, sameBinding } from './inbox/index.js';
export type { FileApprovalInboxOptions, InboxApprovalOptions } from './inbox/index.js';
export type { ApprovalContext, ApprovalElicitRequest, ApprovalElicitResult } from './approval-context.js';
export type { ApprovalRequest } from './approval-request.js';
export type { AuditEvent, AuditLogOptions } from './audit-log.js';
export { DANGEROUS_DIRECTORIES, DANGEROUS_FILES, dangerousPathReason } from './dangerous-paths.js';
export type { DangerousPathOptions } from './dangerous-paths.js';
export { GrantsFile } from './grants-file.js';
export type { GrantsDocument } from './grants-file.js';
export { isInsideDirectories } from './is-inside-directories.js';
export { formatRule, parseRule } from './parse-rule.js';
export { PENDING_APPROVAL_TYPE, pendingApprovalProblem } from './pending-approval.js';
export type { PendingApproval } from './pending-approval.js';
export type { PermissionContext } from './permission-context.js';
export { allowDecision, askDecision, denyDecision, passthroughDecision } from './permission-decision.js';
export type { DecisionReason, PermissionBehavior, PermissionDecision } from './permission-decision.js';
export { PermissionEngine } from './permission-engine.js';
export type { PermissionEngineOptions } from './permission-engine.js';
export { isPermissionMode, PERMISSION_MODES } from './permission-mode.js';
export type { PermissionMode } from './permission-mode.js';
export type { PermissionRule, RuleBehavior, RuleSource } from './permission-rule.js';
export type { ProtectedPaths } from './protected-paths.js';
export { Policy } from './policy.js';
export type { AuditLogConfig, PermissionsConfig, PolicyOptions } from './policy-options.js';
export { policyOptionsFromConfig } from './policy-options-from-config.js';
export type { PermissionSubject, ToolPermissions } from './tool-permissions.js';
