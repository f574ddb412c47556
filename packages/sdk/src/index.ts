/**
 * @toolwright/sdk — the kernel. MCP lives on the `@toolwright/sdk/mcp` subpath so this entry never
 * loads the MCP SDK.
 */
import 'reflect-metadata';

export { closestMatch } from './errors/closest-match.js';
export { ErrorCode, ToolwrightError } from './errors/index.js';
export type { ToolwrightErrorOptions } from './errors/index.js';
export { CONVERSATION_STATE, Inject, ScopedContainer, Service, TOOL_PARAMS, Token } from './di/index.js';
export type { ServiceClass } from './di/index.js';
export { ConversationState } from './state/conversation-state.js';
export type { ConversationStateOptions } from './state/conversation-state.js';
export * from './schema/index.js';
export * from './tool/index.js';
export * from './registry/index.js';
