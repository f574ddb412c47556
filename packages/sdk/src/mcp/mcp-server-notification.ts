import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  LoggingMessageNotificationSchema,
  PromptListChangedNotificationSchema,
  ResourceListChangedNotificationSchema,
  ResourceUpdatedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import type { LoggingMessageNotification, ResourceUpdatedNotification } from '@modelcontextprotocol/sdk/types.js';

/** A notification of an MCP server that its client passes on (see `MCPClient.onNotification`). */
export type McpServerNotification =
  | { method: 'notifications/message'; params: LoggingMessageNotification['params'] }
  | { method: 'notifications/resources/updated'; params: ResourceUpdatedNotification['params'] }
  | { method: 'notifications/resources/list_changed' }
  | { method: 'notifications/prompts/list_changed' };

/**
 * Registers handlers on `client` for the notifications of {@link McpServerNotification}. The SDK
 * checks each against the protocol's schema first: a malformed one is dropped (reported to
 * `client.onerror`), never passed on.
 */
export function installNotificationRelay(client: Client, relay: (notification: McpServerNotification) => void): void {
  client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => relay({ method: 'notifications/message', params: n.params }));
  client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => relay({ method: 'notifications/resources/updated', params: n.params }));
  client.setNotificationHandler(ResourceListChangedNotificationSchema, () => relay({ method: 'notifications/resources/list_changed' }));
  client.setNotificationHandler(PromptListChangedNotificationSchema, () => relay({ method: 'notifications/prompts/list_changed' }));
}
