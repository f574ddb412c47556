/**
 * @toolwright/sdk — the kernel: declaring tools (decorated classes, `defineTool`, `functionTool`)
 * and running them (`ToolDefinition`, `Agent`, `ConversationState`, events, errors). The other roles
 * have subpaths: `@toolwright/sdk/policy` (what may run), `@toolwright/sdk/toolsets` (tools that
 * come and go), `@toolwright/sdk/mcp` (MCP servers' tools; kept off this entry so that it never
 * loads the MCP SDK) and `@toolwright/sdk/testing` (test doubles).
 */
import 'reflect-metadata';

export { closestMatch } from './errors/closest-match.js';
export { ErrorCode } from './errors/error-code.js';
export { ToolwrightError } from './errors/toolwright-error.js';
export type { ToolwrightErrorOptions } from './errors/toolwright-error.js';
export { CONVERSATION_STATE, Inject, Service, Token } from './di/container.js';
export type { ServiceClass } from './di/container.js';
export { ConversationState } from './state/conversation-state.js';
export type { ConversationStateOptions, ExecutorClass } from './state/conversation-state.js';
// schema
export { createAjv } from './schema/ajv-loader.js';
export { codecOf } from './schema/codec.js';
export { Description, Field } from './schema/field.js';
export { GEMINI_FORMATS } from './schema/gemini-schema.js';
export type { JsonSchema, JsonSchemaType, JsonValue } from './schema/json-schema.js';
export { jsonSchemaOf } from './schema/json-schema-of.js';
export type { AnyClass, ClassSchemaOptions, FieldOptions, FieldTypeRef } from './schema/metadata-store.js';
export { formatIssues } from './schema/validation-issue.js';
export type { ValidationIssue } from './schema/validation-issue.js';

// tool
export { Action } from './tool/action.js';
export type { ActionClass, SerializedAction } from './tool/action.js';
export { textContent, textOf } from './tool/content.js';
export type { AudioContent, Content, EmbeddedResourceContent, ImageContent, ResourceLinkContent, TextContent } from './tool/content.js';
export { Observation } from './tool/observation.js';
export type { FromTextOptions, ObservationClass, SerializedObservation } from './tool/observation.js';
export { errorDetailsOf } from './tool/error-observation.js';
export type { ErrorDetails } from './tool/error-observation.js';
export type { AnthropicTool, ExportableTool, ExportOptions, ExportWarning, GeminiFunctionDeclaration, McpToolDescriptor, OpenAITool, ResponsesTool, SecurityRisk, ToolFormat } from './tool/provider-export.js';
export { DEFAULT_ANNOTATIONS, resolveAnnotations } from './tool/tool-annotations.js';
export type { ResolvedToolAnnotations, ToolAnnotations } from './tool/tool-annotations.js';
export { toolClassMetadataOf } from './tool/tool-class-metadata.js';
export type { ToolClassMetadata } from './tool/tool-class-metadata.js';
export type { ClientHandlers, ClientLogLevel, ElicitRequest, ElicitResult, SampleRequest, SampleResult } from './tool/client-handlers.js';
export { DEFAULT_TOOL_TIMEOUT_MS } from './tool/timeout-ms.js';
export type { ToolChunk } from './tool/tool-chunk.js';
export { ToolContext } from './tool/tool-context.js';
export type { CallOptions, ProgressReport, ToolCallProgress } from './tool/tool-context.js';
export type { AnyToolMiddleware, NextToolCall, NextToolStep, PlainToolMiddleware, ToolInvocation, ToolMiddleware } from './tool/tool-middleware.js';
export { ToolDefinition } from './tool/tool-definition.js';
export type { ToolDefinitionOptions } from './tool/tool-definition.js';
export type { ExecuteResult, ToolExecutor } from './tool/tool-executor.js';

// registry
export type { AgentSpec, ToolGroupRegistration } from './registry/agent-spec.js';
export type { McpConcurrency, McpHttpServerConfig, McpServerCommonConfig, McpServerConfig, McpServersConfig, McpStdioServerConfig } from './registry/mcp-server-config.js';
export type { McpClientCapabilitiesConfig, McpElicitationHandler, McpRootConfig, McpSamplingHandler } from './registry/mcp-client-capabilities-config.js';
export type { McpOAuthConfig, McpOAuthGrant } from './registry/mcp-oauth-config.js';
export { defaultRegistry } from './registry/default-registry.js';
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
export type { PermissionCheck } from './runtime/policy/check-permission.js';
export type { ApprovalGrant, ApprovalRequestEventOptions, SerializedApprovalRequestEvent } from './runtime/policy/approval-request-event.js';
export type { ActionEventOptions, SerializedActionEvent } from './runtime/action-event.js';
export { Agent } from './runtime/agent.js';
export type { McpServerStatus } from './runtime/mcp-connections.js';
export { AgentErrorEvent } from './runtime/agent-error-event.js';
export type { AgentErrorEventOptions, SerializedAgentErrorEvent } from './runtime/agent-error-event.js';
export { AgentEvent } from './runtime/agent-event.js';
export type { AgentEventOptions, SerializedAgentEvent } from './runtime/agent-event.js';
export type { AgentOptions } from './runtime/agent-options.js';
export type { CallContext } from './runtime/call-context.js';
export type { CallDecision } from './runtime/call-decision.js';
export type { CallHooks, HookPair, NamedHook, PostHook, PreHook } from './runtime/call-hooks.js';
export type { CallMiddleware, CallPhase } from './runtime/call-middleware.js';
export { eventFromJSON } from './runtime/event-from-json.js';
export { CLIENT_LOG_LEVELS, LogEvent } from './runtime/log-event.js';
export type { LogEventOptions, SerializedLogEvent } from './runtime/log-event.js';
export { ObservationEvent } from './runtime/observation-event.js';
export type { ObservationEventOptions, SerializedObservationEvent } from './runtime/observation-event.js';
export type { ToolCall, ToolCallResult } from './runtime/tool-call.js';
export type { ToolOrigin } from './runtime/tool-origin.js';

// tools without classes: schema-first (defineTool) and from a function (functionTool)
export { functionTool, observationOf } from './toolsets/function-tool.js';
export type { FunctionToolOptions, FunctionToolResult } from './toolsets/function-tool.js';
export { defineTool } from './toolsets/define-tool.js';
export type { DefineToolOptions, InferToolInput, InferToolOutput, ToolSchema } from './toolsets/define-tool.js';
export { SchemaTool } from './toolsets/schema-tool.js';
export type { SchemaToolExecute, SchemaToolOptions } from './toolsets/schema-tool.js';
export { SchemaToolAction } from './tool/schema-tool-action.js';
export { StructuredObservation } from './tool/structured-observation.js';
export type { SchemaToolResult } from './tool/schema-tool-result.js';
export type { ToolSchemaCodec, ToolSchemaResult } from './tool/tool-schema-codec.js';
export type { JsonSchemaSource } from './tool/standard-schema-tool-codec.js';
export { isStandardSchema } from './tool/standard-schema.js';
export type { StandardJSONSchemaV1, StandardSchemaV1 } from './tool/standard-schema.js';

// record and replay: one JSON line per model turn, tool call, decision, approval and result
export { FileRecorder } from './record/file-recorder.js';
export type { FileRecorderOptions } from './record/file-recorder.js';
export { MemoryRecorder } from './record/memory-recorder.js';
export { readRecord, readRecordFile } from './record/read-record.js';
export type { ReadRecordOptions } from './record/read-record.js';
export { RECORD_ENTRY_TYPES, RECORD_VERSION } from './record/record-entry.js';
export type { ApprovalEntry, CallEntry, DecisionEntry, EndEntry, LogEntry, ModelErrorEntry, ModelRequestEntry, ModelResponseEntry, ObservationEntry, RecordEntry, RecordInput, RecordLineBase, SessionEntry, ToolEntry } from './record/record-entry.js';
export type { RecordedEntries, Recorder, RecorderOptions } from './record/recorder.js';
export { observationText, renderTimeline } from './record/render-timeline.js';
export type { TimelineOptions } from './record/render-timeline.js';
export { toolSchemaHash } from './record/tool-schema-hash.js';
export type { SchemaExportingTool } from './record/tool-schema-hash.js';

// secrets masked everywhere: values known to be secret become <secret:NAME> in every sink
export { MIN_SECRET_LENGTH, SecretMasker } from './secrets/secret-masker.js';
export { StreamingMasker } from './secrets/streaming-masker.js';
export { maskSecrets, processSecrets, registerSecret } from './secrets/process-secrets.js';
export type { ConversationSecrets } from './secrets/conversation-secrets.js';
export { registerCredentialHeaders } from './secrets/register-credential-headers.js';
