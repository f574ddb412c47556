import { describe, expect, it } from '@jest/globals';
import { entrySource, exportedNames } from '../fixtures/entry-exports.js';

/**
 * The values of `@toolwright/sdk/policy`: what may run (rules, modes, decisions, the engine,
 * grants, audit, approvals). Adding or removing one is a decision about the public API: update this
 * list in the same change.
 */
const VALUES = [
  'allowDecision',
  'alwaysAllow',
  'approveCall',
  'askDecision',
  'checkedInboxEntry',
  'DANGEROUS_DIRECTORIES',
  'DANGEROUS_FILES',
  'dangerousPathReason',
  'denyDecision',
  'editCall',
  'FileApprovalInbox',
  'formatRule',
  'GrantsFile',
  'INBOX_ID_PATTERN',
  'inboxAnswerRefusal',
  'inboxApprovalHandler',
  'inboxBinding',
  'inboxEntryAltered',
  'inboxEntryProblem',
  'isInsideDirectories',
  'isPermissionMode',
  'newInboxId',
  'parseRule',
  'passthroughDecision',
  'PENDING_APPROVAL_TYPE',
  'pendingApprovalProblem',
  'PERMISSION_MODES',
  'PermissionEngine',
  'Policy',
  'policyOptionsFromConfig',
  'processLabel',
  'rejectCall',
  'sameBinding',
];

/** The entry's type-only names. */
const TYPES = [
  'ApprovalAnswer',
  'ApprovalContext',
  'ApprovalElicitRequest',
  'ApprovalElicitResult',
  'ApprovalHandler',
  'ApprovalInbox',
  'ApprovalRequest',
  'AuditEvent',
  'AuditLogConfig',
  'AuditLogOptions',
  'DangerousPathOptions',
  'DecisionReason',
  'FileApprovalInboxOptions',
  'GrantsDocument',
  'InboxApprovalOptions',
  'InboxEntry',
  'InboxFilter',
  'InboxSource',
  'PendingApproval',
  'PermissionBehavior',
  'PermissionContext',
  'PermissionDecision',
  'PermissionEngineOptions',
  'PermissionMode',
  'PermissionRule',
  'PermissionsConfig',
  'PermissionSubject',
  'PolicyOptions',
  'ProtectedPaths',
  'RuleBehavior',
  'RuleSource',
  'ToolPermissions',
];

describe('@toolwright/sdk/policy public surface', () => {
  it('exports exactly the listed values', async () => {
    const entry = (await import('@toolwright/sdk/policy')) as Record<string, unknown>;
    expect(Object.keys(entry).sort()).toEqual([...VALUES].sort());
  });

  it('exports exactly the listed types', () => {
    expect(exportedNames('policy/index.ts', 'types')).toEqual([...TYPES].sort());
  });

  it('re-exports nothing with export *', () => {
    expect(entrySource('policy/index.ts')).not.toMatch(/^export \*/m);
  });
});
