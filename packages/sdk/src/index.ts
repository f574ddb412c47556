/**
 * @toolwright/sdk — the kernel. MCP lives on the `@toolwright/sdk/mcp` subpath so this entry never
 * loads the MCP SDK.
 */
import 'reflect-metadata';

export { closestMatch } from './errors/closest-match.js';
export { ErrorCode } from './errors/error-code.js';
export { ToolwrightError } from './errors/toolwright-error.js';
export type { ToolwrightErrorOptions } from './errors/toolwright-error.js';
export { CONVERSATION_STATE, Inject, ScopedContainer, Service, Token } from './di/container.js';
export type { ServiceClass } from './di/container.js';
export { ConversationState } from './state/conversation-state.js';
export type { ConversationStateOptions, ExecutorClass } from './state/conversation-state.js';
// schema
export { createAjv } from './schema/ajv-loader.js';
export type { JsonSchemaDialect } from './schema/ajv-loader.js';
export { classModelOf, isDeclaredClass } from './schema/class-model.js';
export type { ClassModel, FieldModel } from './schema/class-model.js';
export { codecOf } from './schema/codec.js';
export type { Codec, ParseResult } from './schema/codec.js';
export { Description, Field } from './schema/field.js';
export { GEMINI_FORMATS, toGeminiSchema } from './schema/gemini-schema.js';
export type { JsonSchema, JsonSchemaType, JsonValue } from './schema/json-schema.js';
export { jsonSchemaOf } from './schema/json-schema-of.js';
export { JSON_SCHEMA_2020_12, mcpJsonSchemaOf } from './schema/mcp-json-schema-of.js';
export type { AnyClass, ClassSchemaOptions, FieldOptions, FieldTypeRef } from './schema/metadata-store.js';
export type { SchemaProblem } from './schema/schema-problem.js';
export { OPENAI_STRICT_FORMATS, toStrictSchema } from './schema/strict-schema.js';
export { OPENAI_STRICT_LIMITS } from './schema/strict-limits.js';
export { formatIssues, issuesFromAjv, joinPath, preview, typeName } from './schema/validation-issue.js';
export type { ValidationIssue } from './schema/validation-issue.js';

// policy
export { alwaysAllow, approvalAnswerProblem, approveCall, editCall, rejectCall, rejectionMessage } from './policy/approval-answer.js';
export type { ApprovalAnswer, ApprovalHandler } from './policy/approval-answer.js';
export type { ApprovalContext, ApprovalElicitRequest, ApprovalElicitResult } from './policy/approval-context.js';
export type { ApprovalRequest } from './policy/approval-request.js';
export { AuditLog } from './policy/audit-log.js';
export type { AuditEvent, AuditLogOptions } from './policy/audit-log.js';
export { matchCommandRule, suggestCommandRules } from './policy/command-rule.js';
export { DANGEROUS_DIRECTORIES, DANGEROUS_FILES, dangerousPathReason } from './policy/dangerous-paths.js';
export type { DangerousPathOptions } from './policy/dangerous-paths.js';
export { defaultCheckPermissions, defaultIsReadOnly } from './policy/default-tool-permissions.js';
export { GrantsFile } from './policy/grants-file.js';
export type { GrantsDocument } from './policy/grants-file.js';
export { isInsideDirectories, realPathOf } from './policy/is-inside-directories.js';
export { formatRule, parseRule, ruleSyntaxProblem } from './policy/parse-rule.js';
export { PENDING_APPROVAL_TYPE, pendingApprovalProblem } from './policy/pending-approval.js';
export type { PendingApproval } from './policy/pending-approval.js';
export type { PermissionContext } from './policy/permission-context.js';
export { allowDecision, askDecision, denyDecision, passthroughDecision } from './policy/permission-decision.js';
export type { DecisionFields, DecisionReason, PermissionBehavior, PermissionDecision } from './policy/permission-decision.js';
export { dontAskMessage, PermissionEngine } from './policy/permission-engine.js';
export type { PermissionEngineOptions } from './policy/permission-engine.js';
export { isPermissionMode, PERMISSION_MODES } from './policy/permission-mode.js';
export type { PermissionMode } from './policy/permission-mode.js';
export type { PermissionRule, RuleBehavior, RuleSource } from './policy/permission-rule.js';
export { Policy } from './policy/policy.js';
export type { PolicyPlace } from './policy/policy.js';
export type { AuditLogConfig, PermissionsConfig, PolicyOptions } from './policy/policy-options.js';
export { policyOptionsFromConfig } from './policy/policy-options-from-config.js';
export type { PermissionSubject, ToolPermissions } from './policy/tool-permissions.js';

// tool
export { Action, renderValue } from './tool/action.js';
export type { ActionClass, SerializedAction } from './tool/action.js';
export { paint, resetPaint } from './tool/colors.js';
export { textContent, textOf } from './tool/content.js';
export type { AudioContent, Content, EmbeddedResourceContent, ImageContent, ResourceLinkContent, TextContent } from './tool/content.js';
export { ERROR_HEADER, Observation } from './tool/observation.js';
export type { FromTextOptions, ObservationClass, SerializedObservation } from './tool/observation.js';
export { INJECTED_FIELDS, SECURITY_RISK_LEVELS } from './tool/provider-export.js';
export type {
  AnthropicTool,
  ExportableTool,
  ExportOptions,
  ExportWarning,
  GeminiFunctionDeclaration,
  McpToolDescriptor,
  OpenAITool,
  ResponsesTool,
  SecurityRisk,
  ToolFormat,
} from './tool/provider-export.js';
export { coerceResult, errorObservation } from './tool/run-call.js';
export { DEFAULT_ANNOTATIONS, resolveAnnotations } from './tool/tool-annotations.js';
export type { ResolvedToolAnnotations, ToolAnnotations } from './tool/tool-annotations.js';
export { toolClassMetadataOf } from './tool/tool-class-metadata.js';
export type { ToolClassMetadata } from './tool/tool-class-metadata.js';
export type { ClientHandlers, ClientLogLevel, ElicitRequest, ElicitResult, SampleRequest, SampleResult } from './tool/client-handlers.js';
export { observationFromError } from './tool/error-observation.js';
export { accessOf, conflicts, locksFor, ResourceLocks } from './tool/resource-locks.js';
export type { AccessDeclaring, ReleaseLock, ResourceAccess } from './tool/resource-locks.js';
export { checkTimeoutMs, DEFAULT_TOOL_TIMEOUT_MS, MAX_TIMEOUT_MS } from './tool/timeout-ms.js';
export { accumulateChunks } from './tool/tool-chunk.js';
export type { ToolChunk } from './tool/tool-chunk.js';
export { ToolContext } from './tool/tool-context.js';
export type { CallOptions, ProgressReport, ToolCallProgress } from './tool/tool-context.js';
export { composeToolMiddleware } from './tool/tool-middleware.js';
export type { NextToolStep, ToolInvocation, ToolMiddleware } from './tool/tool-middleware.js';
export { ToolDefinition } from './tool/tool-definition.js';
export type { ToolDefinitionOptions } from './tool/tool-definition.js';
export type { ExecuteResult, ToolExecutor } from './tool/tool-executor.js';
export { assertToolName, TOOL_NAME_PATTERN, toolNameFromClass } from './tool/tool-name.js';

// registry
export type { AgentSpec, McpHttpServerConfig, McpServerCommonConfig, McpServerConfig, McpServersConfig, McpStdioServerConfig, ToolGroupRegistration } from './registry/agent-spec.js';
export type { McpClientCapabilitiesConfig, McpElicitationHandler, McpRootConfig, McpSamplingHandler } from './registry/mcp-client-capabilities-config.js';
export type { McpOAuthConfig } from './registry/mcp-oauth-config.js';
export { defaultRegistry } from './registry/default-registry.js';
export { interpolateEnv } from './registry/interpolate-env.js';
export { loadAgentSpec } from './registry/load-agent-spec.js';
export type { LoadAgentSpecOptions } from './registry/load-agent-spec.js';
export { Tool } from './registry/tool-decorator.js';
export type { ToolOptions } from './registry/tool-decorator.js';
export { ToolRegistry } from './registry/tool-registry.js';
export type { RegisteredTool, RegisterOptions, ToolClass, ToolFactory, ToolFactoryResult, ToolTarget } from './registry/tool-registry.js';
export type { ToolSpec } from './registry/tool-spec.js';

// runtime
export { ActionEvent } from './runtime/action-event.js';
export { ApprovalRequestEvent } from './runtime/policy/approval-request-event.js';
export type { ApprovalRequestEventOptions, SerializedApprovalRequestEvent } from './runtime/policy/approval-request-event.js';
export { PolicyRuntime } from './runtime/policy/policy-runtime.js';
export { approvalPhase } from './runtime/policy/approval-phase.js';
export { permissionPhase } from './runtime/policy/permission-phase.js';
export { resumeCalls } from './runtime/policy/resume-calls.js';
export type { ResumableAgent } from './runtime/policy/resume-calls.js';
export type { ActionEventOptions, SerializedActionEvent } from './runtime/action-event.js';
export { Agent } from './runtime/agent.js';
export type { McpServerStatus } from './runtime/mcp-connections.js';
export { AgentErrorEvent } from './runtime/agent-error-event.js';
export type { AgentErrorEventOptions, SerializedAgentErrorEvent } from './runtime/agent-error-event.js';
export { AgentEvent } from './runtime/agent-event.js';
export type { AgentEventOptions, SerializedAgentEvent } from './runtime/agent-event.js';
export type { AgentOptions } from './runtime/agent-options.js';
export { CallContext } from './runtime/call-context.js';
export type { CallEnvironment, RawToolCall } from './runtime/call-context.js';
export type { CallDecision } from './runtime/call-decision.js';
export { compileHooks } from './runtime/call-hooks.js';
export type { CallHooks, CompiledHooks, HookPair, NamedHook, PostHook, PreHook } from './runtime/call-hooks.js';
export type { CallMiddleware, CallPhase } from './runtime/call-middleware.js';
export { CallPipeline } from './runtime/call-pipeline.js';
export type { CallPipelineOptions } from './runtime/call-pipeline.js';
export { eventFromJSON } from './runtime/event-from-json.js';
export { ObservationEvent } from './runtime/observation-event.js';
export type { ObservationEventOptions, SerializedObservationEvent } from './runtime/observation-event.js';
export type { ToolCall, ToolCallResult } from './runtime/tool-call.js';
export type { ToolOrigin } from './runtime/tool-origin.js';
export { ToolTable } from './runtime/tool-table.js';
export { ToolView } from './runtime/tool-view.js';
export type { TurnContext } from './toolsets/turn-context.js';
export { turnContext } from './toolsets/turn-context.js';
export type { Toolset } from './toolsets/toolset.js';
export type { Instruction, InstructionSource, ToolInstruction } from './toolsets/tool-instruction.js';
export { toolInstruction } from './toolsets/tool-instruction.js';
export { renderInstructions } from './toolsets/render-instructions.js';
export { deriveTool } from './toolsets/derive-tool.js';
export type { ToolChanges } from './toolsets/derive-tool.js';
export { originalNameOf, renamedTool } from './toolsets/renamed-tool.js';
export { WrappedToolset } from './toolsets/wrapped-toolset.js';
export { FunctionToolset } from './toolsets/function-toolset.js';
export type { FunctionToolsetOptions } from './toolsets/function-toolset.js';
export { FilteredToolset } from './toolsets/filtered-toolset.js';
export type { FilterOptions } from './toolsets/filtered-toolset.js';
export { PreparedToolset } from './toolsets/prepared-toolset.js';
export type { PrepareTools } from './toolsets/prepared-toolset.js';
export { CombinedToolset } from './toolsets/combined-toolset.js';
export type { CombinedToolsetOptions, ConflictPolicy } from './toolsets/combined-toolset.js';
export { RenamedToolset } from './toolsets/renamed-toolset.js';
export { PrefixedToolset } from './toolsets/prefixed-toolset.js';
export { WrapperToolset } from './toolsets/wrapper-toolset.js';
export type { WrappedCall } from './toolsets/wrapper-toolset.js';
export { ApprovalRequiredToolset } from './toolsets/approval-required-toolset.js';
export type { ApprovalPredicate } from './toolsets/approval-required-toolset.js';
export { ExternalTool } from './toolsets/external-tool.js';
export type { ExternalToolSpec } from './toolsets/external-tool.js';
export { ExternalToolset } from './toolsets/external-toolset.js';
export { McpServerToolset } from './toolsets/mcp-server-toolset.js';
export type { McpServerToolsetOptions } from './toolsets/mcp-server-toolset.js';
export { ToolsetResolver } from './toolsets/toolset-resolver.js';
export type { ResolvedToolsets } from './toolsets/toolset-resolver.js';
export { BASIC_GROUP } from './toolsets/tool-group.js';
export type { ToolGroup } from './toolsets/tool-group.js';
export { ToolGroupsToolset, inactiveMessage } from './toolsets/tool-groups-toolset.js';
export type { BasicGroup, ToolGroupsOptions } from './toolsets/tool-groups-toolset.js';
export { RESET_TOOLS, groupInstructions, resetToolsTool } from './toolsets/reset-tools-tool.js';
export { GROUP_ACTIVATION_FILE, GroupActivation } from './toolsets/group-activation.js';
export { RawSchemaTool } from './toolsets/raw-schema-tool.js';
export type { RawSchemaToolOptions } from './toolsets/raw-schema-tool.js';
export type { Skill } from './toolsets/skill.js';
export { MAX_SKILL_BYTES, SKILL_FILE, loadSkill } from './toolsets/load-skill.js';
export { LocalSkillLoader, loadSkills } from './toolsets/skill-loader.js';
export type { LocalSkillLoaderOptions, SkillLoader } from './toolsets/skill-loader.js';
export { SKILL_VIEWER, skillViewerTool, skillsPrompt } from './toolsets/skill-viewer-tool.js';
export { functionTool, observationOf } from './toolsets/function-tool.js';
export type { FunctionToolOptions, FunctionToolResult } from './toolsets/function-tool.js';
export { ToolMethod, toolMethodsOf } from './toolsets/tool-method.js';
export type { ToolMethodOptions, ToolMethodRecord } from './toolsets/tool-method.js';
export { MethodToolset, toolsOfInstance } from './toolsets/method-toolset.js';
export { toolsetsFromSpec } from './toolsets/toolsets-from-spec.js';
export type { ToolsetSpec } from './registry/toolset-spec.js';
export { checkToolsetsSpec } from './registry/check-toolsets-spec.js';
