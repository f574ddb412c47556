import type { NativeCatalog, ServedToolset as LibraryServedToolset } from '@toolwright/sdk/mcp';
import type { UpstreamDirectory } from './proxy/upstream-directory.js';

export type { ServedCallOptions } from '@toolwright/sdk/mcp';

/**
 * What `toolwright serve` exposes: the library's served tools (`createMcpServer`'s `toolset`)
 * plus, when serve proxies the spec's MCP servers, their directory (prompts, resources,
 * completions, notifications: see `proxyExtension`). The CLI builds it over an `Agent`, so
 * served calls take the same path as an agent's (validation, events, errors).
 */
export interface ServedToolset extends LibraryServedToolset {
  /** The spec's MCP servers, when serve proxies them (prompts, resources, completions, notifications). */
  readonly upstreams?: UpstreamDirectory;
  /** The spec's own prompts and resources (`prompts:`, `resources:`), served next to the tools (see `servedWithCatalog`). */
  readonly catalog?: NativeCatalog;
}
