import { describe, expect, it } from '@jest/globals';
import { entrySource, exportedNames } from './fixtures/entry-exports.js';

/**
 * The root entry's values: declaring and running tools. Adding or removing one is a decision about
 * the public API: update this list in the same change. Other roles have subpaths with lists of
 * their own (policy/, toolsets/, mcp/, testing/ public-surface tests).
 */
const PUBLIC_VALUES = [
  'Action',
  'ActionEvent',
  'Agent',
  'AgentErrorEvent',
  'AgentEvent',
  'ApprovalRequestEvent',
  'CLIENT_LOG_LEVELS',
  'closestMatch',
  'codecOf',
  'CONVERSATION_STATE',
  'ConversationState',
  'createAjv',
  'DEFAULT_ANNOTATIONS',
  'DEFAULT_TOOL_TIMEOUT_MS',
  'defaultRegistry',
  'defineTool',
  'Description',
  'ErrorCode',
  'errorDetailsOf',
  'eventFromJSON',
  'Field',
  'FileRecorder',
  'formatIssues',
  'functionTool',
  'GEMINI_FORMATS',
  'Inject',
  'isStandardSchema',
  'jsonSchemaOf',
  'loadAgentSpec',
  'LogEvent',
  'maskSecrets',
  'MemoryRecorder',
  'MIN_SECRET_LENGTH',
  'Observation',
  'ObservationEvent',
  'observationOf',
  'observationText',
  'processSecrets',
  'readRecord',
  'readRecordFile',
  'RECORD_ENTRY_TYPES',
  'RECORD_VERSION',
  'registerCredentialHeaders',
  'registerSecret',
  'renderTimeline',
  'resolveAnnotations',
  'SchemaTool',
  'SchemaToolAction',
  'SecretMasker',
  'Service',
  'StreamingMasker',
  'StructuredObservation',
  'textContent',
  'textOf',
  'Token',
  'Tool',
  'toolClassMetadataOf',
  'ToolContext',
  'ToolDefinition',
  'ToolRegistry',
  'toolSchemaHash',
  'ToolwrightError',
];

/** The root entry's type-only names. */
const PUBLIC_TYPES = [
  'ActionClass',
  'ActionEventOptions',
  'AgentErrorEventOptions',
  'AgentEventOptions',
  'AgentOptions',
  'AgentSpec',
  'AnthropicTool',
  'AnyClass',
  'AnyToolMiddleware',
  'ApprovalEntry',
  'ApprovalGrant',
  'ApprovalRequestEventOptions',
  'AudioContent',
  'CallContext',
  'CallDecision',
  'CallEntry',
  'CallHooks',
  'CallMiddleware',
  'CallOptions',
  'CallPhase',
  'ClassSchemaOptions',
  'ClientHandlers',
  'ClientLogLevel',
  'Content',
  'ConversationSecrets',
  'ConversationStateOptions',
  'DecisionEntry',
  'DefineToolOptions',
  'ElicitRequest',
  'ElicitResult',
  'EmbeddedResourceContent',
  'EndEntry',
  'ErrorDetails',
  'ExecuteResult',
  'ExecutorClass',
  'ExportableTool',
  'ExportOptions',
  'ExportWarning',
  'FieldOptions',
  'FieldTypeRef',
  'FileRecorderOptions',
  'FromTextOptions',
  'FunctionToolOptions',
  'FunctionToolResult',
  'GeminiFunctionDeclaration',
  'HookPair',
  'ImageContent',
  'InferToolInput',
  'InferToolOutput',
  'JsonSchema',
  'JsonSchemaSource',
  'JsonSchemaType',
  'JsonValue',
  'LoadAgentSpecOptions',
  'LogEntry',
  'LogEventOptions',
  'McpClientCapabilitiesConfig',
  'McpConcurrency',
  'McpElicitationHandler',
  'McpHttpServerConfig',
  'McpOAuthConfig',
  'McpOAuthGrant',
  'McpRootConfig',
  'McpSamplingHandler',
  'McpServerCommonConfig',
  'McpServerConfig',
  'McpServersConfig',
  'McpServerStatus',
  'McpStdioServerConfig',
  'McpToolDescriptor',
  'ModelErrorEntry',
  'ModelRequestEntry',
  'ModelResponseEntry',
  'NamedHook',
  'NextToolCall',
  'NextToolStep',
  'ObservationClass',
  'ObservationEntry',
  'ObservationEventOptions',
  'OpenAITool',
  'PermissionCheck',
  'PlainToolMiddleware',
  'PostHook',
  'PreHook',
  'ProgressReport',
  'ReadRecordOptions',
  'RecordedEntries',
  'RecordEntry',
  'Recorder',
  'RecorderOptions',
  'RecordInput',
  'RecordLineBase',
  'RegisteredTool',
  'RegisterOptions',
  'ResolvedToolAnnotations',
  'ResourceLinkContent',
  'ResponsesTool',
  'SampleRequest',
  'SampleResult',
  'SchemaExportingTool',
  'SchemaToolExecute',
  'SchemaToolOptions',
  'SchemaToolResult',
  'SecurityRisk',
  'SerializedAction',
  'SerializedActionEvent',
  'SerializedAgentErrorEvent',
  'SerializedAgentEvent',
  'SerializedApprovalRequestEvent',
  'SerializedLogEvent',
  'SerializedObservation',
  'SerializedObservationEvent',
  'ServiceClass',
  'SessionEntry',
  'StandardJSONSchemaV1',
  'StandardSchemaV1',
  'TextContent',
  'TimelineOptions',
  'ToolAnnotations',
  'ToolCall',
  'ToolCallProgress',
  'ToolCallResult',
  'ToolChunk',
  'ToolClass',
  'ToolClassMetadata',
  'ToolDefinitionOptions',
  'ToolEntry',
  'ToolExecutor',
  'ToolFactory',
  'ToolFactoryResult',
  'ToolFormat',
  'ToolGroupRegistration',
  'ToolInvocation',
  'ToolMiddleware',
  'ToolOptions',
  'ToolOrigin',
  'ToolSchema',
  'ToolSchemaCodec',
  'ToolSchemaResult',
  'ToolSpec',
  'ToolTarget',
  'ToolwrightErrorOptions',
  'ValidationIssue',
];

/**
 * `@toolwright/sdk/internal`: exactly what the other Toolwright packages import (tools: path
 * checks, class-validator rules recorded as data; providers: the call context and caller results; CLI: colours, locks, answer check;
 * models and CLI: tracing; bench: lock access and the telemetry step). The SDK's own tests import `src/` instead.
 */
const INTERNAL_VALUES = [
  'accessOf',
  'approvalAnswerProblem',
  'CallContext',
  'dangerousEntry',
  'deferClassValidatorRule',
  'fileSystemIgnoresCase',
  'isWithin',
  'realPathOf',
  'realPathOfAsync',
  'resetPaint',
  'ResourceLocks',
  'takeCallerResult',
  'telemetryStep',
  'traceModelRequest',
  'withRemoteTraceContext',
];

/** Every entry an application may import, with its module (for the overlap check). */
const PUBLIC_ENTRIES = {
  '@toolwright/sdk': () => import('@toolwright/sdk'),
  '@toolwright/sdk/policy': () => import('@toolwright/sdk/policy'),
  '@toolwright/sdk/toolsets': () => import('@toolwright/sdk/toolsets'),
  '@toolwright/sdk/mcp': () => import('@toolwright/sdk/mcp'),
  '@toolwright/sdk/testing': () => import('@toolwright/sdk/testing'),
};

describe('@toolwright/sdk public surface', () => {
  it('exports exactly the listed values', async () => {
    const entry = (await import('@toolwright/sdk')) as Record<string, unknown>;
    expect(Object.keys(entry).sort()).toEqual([...PUBLIC_VALUES].sort());
  });

  it('exports exactly the listed types', () => {
    expect(exportedNames('index.ts', 'types')).toEqual([...PUBLIC_TYPES].sort());
  });

  it('re-exports nothing with export *', () => {
    expect(entrySource('index.ts')).not.toMatch(/^export \*/m);
    expect(entrySource('internal.ts')).not.toMatch(/^export \*/m);
  });

  it('gives each value one public entry (a name means one thing wherever it is imported from)', async () => {
    const owners = new Map<string, string[]>();
    for (const [spec, load] of Object.entries(PUBLIC_ENTRIES)) {
      for (const name of Object.keys(await load())) owners.set(name, [...(owners.get(name) ?? []), spec]);
    }
    expect([...owners].filter(([, specs]) => specs.length > 1)).toEqual([]);
  });
});

describe('@toolwright/sdk/internal', () => {
  it('exports exactly what the other Toolwright packages import', async () => {
    const internal = (await import('@toolwright/sdk/internal')) as Record<string, unknown>;
    expect(Object.keys(internal).sort()).toEqual([...INTERNAL_VALUES].sort());
  });

  it('keeps internals off the public entries', async () => {
    const internal = Object.keys(await import('@toolwright/sdk/internal'));
    for (const [spec, load] of Object.entries(PUBLIC_ENTRIES)) {
      const entry = new Set(Object.keys(await load()));
      expect({ spec, leaked: internal.filter((name) => entry.has(name)) }).toEqual({ spec, leaked: [] });
    }
  });
});
