/**
 * @toolwright/sdk/internal — what the other Toolwright packages (tools, CLI, providers, bench) need
 * from the SDK but an application using Toolwright does not: path checks shared with the built-in
 * file tools, the check of an approval answer, the call context and caller results for the providers' client tools, the resource
 * lock queue, terminal colours. No compatibility promise: these may change in any release. The
 * SDK's own tests import `src/` directly; an application uses the root entry and its subpaths.
 */
export { approvalAnswerProblem } from './policy/approval-answer.js';
export { dangerousEntry } from './policy/dangerous-paths.js';
export { fileSystemIgnoresCase } from './policy/file-system-case.js';
export { isWithin } from './policy/is-inside-directories.js';
export { realPathOf, realPathOfAsync } from './policy/real-path.js';
export { resetPaint } from './tool/colors.js';
export { accessOf, ResourceLocks } from './tool/resource-locks.js';
export { CallContext } from './runtime/call-context.js';
export { takeCallerResult } from './runtime/caller-results.js';
export { withRemoteTraceContext } from './telemetry/remote-trace-parent.js';
export { traceModelRequest } from './telemetry/trace-model-request.js';
export type { ModelRequestFacts } from './telemetry/trace-model-request.js';
export { telemetryStep } from './runtime/phases/telemetry-step.js';
export { deferClassValidatorRule } from './schema/deferred-rules.js';
export type { DeferredRuleRecord } from './schema/deferred-rules.js';
