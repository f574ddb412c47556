import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { createToolServer as createLibraryToolServer } from '@toolwright/sdk/mcp';
import type { McpServerExtension, NativeCatalog, ToolServerOptions as LibraryToolServerOptions } from '@toolwright/sdk/mcp';
import { CLI_VERSION } from '../version.js';
import type { ServedToolset } from './served-toolset.js';

/** Options of {@link createToolServer}: the library's, without the extension (made from the toolset's upstreams). */
export type ToolServerOptions = Omit<LibraryToolServerOptions, 'extension'>;

/** The extension of a served toolset: its upstreams' proxy, when it has upstreams. */
export function extensionOf(toolset: ServedToolset): McpServerExtension | undefined {
  // The proxy's modules come with the upstreams (loaded only when the spec has MCP servers).
  return toolset.upstreams?.extension();
}

/**
 * One MCP server session over a toolset: the library's server (`createMcpServer`'s, see
 * `createToolServer` in `@toolwright/sdk/mcp`) announced as the CLI's version, with the toolset's
 * upstreams proxied. `serve --stdio` and the proxy fast path use it; `serve --http` goes through
 * `createMcpServer` itself (see `startHttpServer`).
 */
export function createToolServer(toolset: ServedToolset, options: ToolServerOptions = {}): Server {
  const catalog = toolset.catalog;
  return createLibraryToolServer(toolset, { version: CLI_VERSION, ...(catalog ? { catalog } : {}), ...options, extension: extensionOf(toolset) });
}

/**
 * `toolset` serving the spec's prompts and resources too (`serve --stdio`: the session's server is
 * made from the toolset). Every other member is the toolset's own (a Proxy, as `statelessToolset`).
 */
export function servedWithCatalog<T extends ServedToolset>(toolset: T, catalog: NativeCatalog | undefined): T {
  if (!catalog || catalog.empty) return toolset;
  return new Proxy(toolset, {
    get(target, property) {
      if (property === 'catalog') return catalog;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
