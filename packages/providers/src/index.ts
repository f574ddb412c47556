/**
 * @toolwright/providers — tool groups served by provider plugins (the Llama Stack model):
 * `ToolGroupRuntime` (register groups, list tools, `invokeTool`) and the built-in providers.
 * The MCP client loads only when an MCP group is first listed.
 */
export { McpProvider, MCP_PROVIDER_ID } from './mcp/mcp-provider.js';
export type { McpProviderOptions } from './mcp/mcp-provider.js';
export { resultFromMcp } from './mcp/result-from-mcp.js';
export { failedResult, resultFromError } from './runtime/invocation-error.js';
export { parseToolRef } from './runtime/parse-tool-ref.js';
export type { ToolRef } from './runtime/parse-tool-ref.js';
export type { ToolDef } from './runtime/tool-def.js';
export type { McpEndpoint, ToolGroup, ToolGroupInfo, ToolGroupInput, ToolGroupStatus, ToolStatus } from './runtime/tool-group.js';
export type { InvocationContext, ListingContext, ProvidedToolDef, ToolGroupProvider } from './runtime/tool-group-provider.js';
export { ToolGroupRuntime } from './runtime/tool-group-runtime.js';
export type { InvokeToolOptions, ListToolsOptions, ToolGroupRuntimeOptions } from './runtime/tool-group-runtime.js';
export { InvocationErrorCode } from './runtime/tool-invocation-result.js';
export type { ToolInvocationResult } from './runtime/tool-invocation-result.js';
export { resolveAgentToolGroups } from './runtime/resolve-agent-tool-groups.js';
export type { ResolveAgentToolGroupsOptions } from './runtime/resolve-agent-tool-groups.js';
export { CODE_INTERPRETER_PROVIDER_ID, CodeInterpreterProvider } from './code-interpreter/code-interpreter-provider.js';
export type { CodeInterpreterOptions } from './code-interpreter/code-interpreter-provider.js';
export type { SandboxMode } from './code-interpreter/sandbox-command.js';
export { stripHostPaths } from './code-interpreter/strip-host-paths.js';
export { resolveApiKey } from './http/api-key.js';
export type { ApiKeySource } from './http/api-key.js';
export { BingSearchProvider } from './websearch/bing-search-provider.js';
export { BraveSearchProvider } from './websearch/brave-search-provider.js';
export type { SearchHit } from './websearch/search-hit.js';
export { TavilySearchProvider } from './websearch/tavily-search-provider.js';
export { WebSearchProvider } from './websearch/web-search-provider.js';
export type { WebSearchBackend, WebSearchOptions } from './websearch/web-search-provider.js';
export { WolframAlphaProvider } from './wolfram/wolfram-alpha-provider.js';
export type { WolframAlphaOptions } from './wolfram/wolfram-alpha-provider.js';
export { chunkDocument, estimateTokens } from './memory/chunk-document.js';
export type { TokenCounter } from './memory/chunk-document.js';
export { KeyValueBank } from './memory/key-value-bank.js';
export { KeywordBank } from './memory/keyword-bank.js';
export type { KeywordBankOptions } from './memory/keyword-bank.js';
export type { MemoryBank, MemoryBankKind, MemoryChunk, ScoredChunk } from './memory/memory-bank.js';
export { MemoryProvider } from './memory/memory-provider.js';
export type { MemoryProviderOptions } from './memory/memory-provider.js';
export { hashingEmbedder, VectorBank } from './memory/vector-bank.js';
export type { Embedder, VectorBankOptions } from './memory/vector-bank.js';
export { ClientToolExecutor, isClientToolPending } from './client/client-tool-executor.js';
export type { ClientToolPendingMetadata } from './client/client-tool-executor.js';
export { CLIENT_PROVIDER_ID, ClientToolsProvider } from './client/client-tools-provider.js';
export type { PendingToolCall } from './client/pending-tool-call.js';
export { resumeClientTools } from './client/resume-client-tools.js';
export type { ClientToolAgent } from './client/resume-client-tools.js';
export { clientAnswerResult, resumeToolTurn, runToolTurn } from './client/tool-turn.js';
export type { ClientToolAnswer, ToolCallRequest, ToolTurnResult, ToolTurnStep } from './client/tool-turn.js';
export { createToolGroupsMcpServer } from './mcp/tool-groups-mcp-server.js';
export type { ToolGroupsMcpServerOptions } from './mcp/tool-groups-mcp-server.js';
export { parseProviderData, PROVIDER_DATA_HEADER } from './runtime/provider-data.js';
export { createToolGroupToolset } from './mcp/create-tool-group-toolset.js';
export type { ToolGroupToolsetOptions } from './mcp/create-tool-group-toolset.js';
export { serveToolGroupsOverHttp } from './mcp/serve-tool-groups-http.js';
export type { ServedToolGroups, ServeToolGroupsOptions } from './mcp/serve-tool-groups-http.js';
