/**
 * @toolwright/sdk/mcp — MCP servers' tools as Toolwright tools. Kept off the root entry so that
 * code without MCP never loads the MCP SDK.
 */
import 'reflect-metadata';

export { createMcpTools } from './create-mcp-tools.js';
export { inlineSchemaRefs } from './inline-schema-refs.js';
export { MCPClient } from './mcp-client.js';
export type { McpCallOptions, MCPClientOptions, MCPClientState, McpRequestOptions, McpTransportFactory } from './mcp-client.js';
export type { McpServerNotification } from './mcp-server-notification.js';
export { setCallScope } from './mcp-caller-router.js';
export type { CallerResolution } from './mcp-caller-router.js';
export { mcpClientFromPlan } from './mcp-client-from-plan.js';
export type { McpTransportSettings } from './mcp-client-from-plan.js';
export { fetchWithRequestSignals } from './request-signal-fetch.js';
export type { McpClientCapabilities } from './mcp-client-capabilities.js';
export { DEFAULT_OAUTH_REDIRECT_URL, FileOAuthClientProvider } from './file-oauth-provider.js';
export { authorizeMcpServer } from './authorize-mcp-server.js';
export { MCP_DEFAULTS } from './mcp-defaults.js';
export { planMcpServers } from './mcp-server-plan.js';
export type { McpCapabilitiesPlan, McpHttpPlan, McpServerPlan, McpStdioPlan } from './mcp-server-plan.js';
export { MCPToolAction } from './mcp-tool-action.js';
export { annotationsOf, MCPToolDefinition } from './mcp-tool-definition.js';
export type { MCPToolDefinitionOptions } from './mcp-tool-definition.js';
export { MCPToolExecutor } from './mcp-tool-executor.js';
export { assignMcpToolNames, sanitizeToolName } from './mcp-tool-names.js';
export type { McpNamePolicy, McpNameRequest } from './mcp-tool-names.js';
export { MCPToolObservation } from './mcp-tool-observation.js';
export { createMcpToolsFromClients } from './mcp-toolset.js';
export type { CreateMcpToolsOptions, McpSkippedTool, McpToolsChange, McpToolset } from './mcp-toolset.js';
export { observationFromMcpResult } from './observation-from-mcp-result.js';
export { dialectOf, SchemaValidatorCache } from './schema-validator-cache.js';
export type { SchemaCheck } from './schema-validator-cache.js';
export { rawToolCall, RawCallUnsent } from './raw-tool-call.js';
export type { RawCallCanceller, RawCallChannel, RawCallOptions, RawProgress } from './raw-tool-call.js';
export { StdioProcessTransport } from './stdio-process-transport.js';
export type { ProcessExit, StdioProcessOptions } from './stdio-process-transport.js';
