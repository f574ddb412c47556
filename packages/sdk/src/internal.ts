/**
 * @toolwright/sdk/internal — building blocks the Toolwright packages (tools, CLI, providers, bench)
 * and the SDK's own tests share, but that an application using Toolwright does not need: schema
 * transforms, the policy and pipeline internals, lock and timeout helpers, the DI container.
 * No compatibility promise: these may change in any release. The public surface is the root entry.
 */
export { ScopedContainer } from './di/container.js';
export type { JsonSchemaDialect } from './schema/ajv-loader.js';
export { classModelOf, isDeclaredClass } from './schema/class-model.js';
export type { ClassModel, FieldModel } from './schema/class-model.js';
export type { Codec, ParseResult } from './schema/codec.js';
export { toGeminiSchema } from './schema/gemini-schema.js';
export { JSON_SCHEMA_2020_12, mcpJsonSchemaOf } from './schema/mcp-json-schema-of.js';
export type { SchemaProblem } from './schema/schema-problem.js';
export { OPENAI_STRICT_FORMATS, toStrictSchema } from './schema/strict-schema.js';
export { OPENAI_STRICT_LIMITS } from './schema/strict-limits.js';
export { issuesFromAjv, joinPath, preview, typeName } from './schema/validation-issue.js';
export { approvalAnswerProblem, rejectionMessage } from './policy/approval-answer.js';
export { AuditLog } from './policy/audit-log.js';
export { matchCommandRule, suggestCommandRules } from './policy/command-rule.js';
export { defaultCheckPermissions, defaultIsReadOnly } from './policy/default-tool-permissions.js';
export { dangerousEntry } from './policy/dangerous-paths.js';
export type { DangerousEntry } from './policy/dangerous-paths.js';
export { fileSystemIgnoresCase } from './policy/file-system-case.js';
export { isWithin } from './policy/is-inside-directories.js';
export { BUILT_IN_PROTECTED_PATHS, protectedPathsOf, protectedPathsProblem } from './policy/protected-paths.js';
export type { ProtectedPaths, ProtectedPathsProblem } from './policy/protected-paths.js';
export { realPathOf, realPathOfAsync } from './policy/real-path.js';
export { ruleSyntaxProblem } from './policy/parse-rule.js';
export type { DecisionFields } from './policy/permission-decision.js';
export { dontAskMessage } from './policy/permission-engine.js';
export type { PolicyPlace } from './policy/policy.js';
export { renderValue } from './tool/action.js';
export { paint } from './tool/colors.js';
export { ERROR_HEADER } from './tool/observation.js';
export { INJECTED_FIELDS, SECURITY_RISK_LEVELS } from './tool/provider-export.js';
export { coerceResult, errorObservation } from './tool/run-call.js';
export { observationFromError } from './tool/error-observation.js';
export { accessOf, conflicts, locksFor } from './tool/resource-locks.js';
export type { AccessDeclaring, ReleaseLock, ResourceAccess } from './tool/resource-locks.js';
export { checkTimeoutMs, MAX_TIMEOUT_MS } from './tool/timeout-ms.js';
export { accumulateChunks } from './tool/tool-chunk.js';
export { composeToolMiddleware } from './tool/tool-middleware.js';
export { assertToolName, TOOL_NAME_PATTERN, toolNameFromClass } from './tool/tool-name.js';
export { interpolateEnv } from './registry/interpolate-env.js';
export { PolicyRuntime } from './runtime/policy/policy-runtime.js';
export { approvalStep } from './runtime/policy/approval-step.js';
export { permissionStep } from './runtime/policy/permission-step.js';
export { resumeCalls } from './runtime/policy/resume-calls.js';
export type { ResumableAgent } from './runtime/policy/resume-calls.js';
export type { CallEnvironment, RawToolCall } from './runtime/call-context.js';
export { compileHooks } from './runtime/call-hooks.js';
export type { CompiledHooks } from './runtime/call-hooks.js';
export { NotificationOrder } from './mcp/notification-order.js';
