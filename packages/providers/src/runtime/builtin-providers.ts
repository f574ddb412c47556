import { CodeInterpreterProvider } from '../code-interpreter/code-interpreter-provider.js';
import { McpProvider } from '../mcp/mcp-provider.js';
import { MemoryProvider } from '../memory/memory-provider.js';
import { BingSearchProvider } from '../websearch/bing-search-provider.js';
import { BraveSearchProvider } from '../websearch/brave-search-provider.js';
import { TavilySearchProvider } from '../websearch/tavily-search-provider.js';
import { WolframAlphaProvider } from '../wolfram/wolfram-alpha-provider.js';
import type { ToolGroupProvider } from './tool-group-provider.js';

/**
 * The ids of the providers a {@link ToolGroupRuntime} registers by default: the MCP provider, the
 * code interpreter, memory (no banks until `addBank`), and the keyed services (web search,
 * WolframAlpha), whose groups show `needs-settings` until a key is configured or sent per request.
 */
export const BUILTIN_PROVIDER_IDS: readonly string[] = Object.freeze(['model-context-protocol', 'code-interpreter', 'memory', 'brave-search', 'bing-search', 'tavily-search', 'wolfram-alpha']);

/** One default instance of each built-in provider (constructing them contacts nothing). */
export function builtinProviders(): ToolGroupProvider[] {
  return [new McpProvider(), new CodeInterpreterProvider(), new MemoryProvider(), new BraveSearchProvider(), new BingSearchProvider(), new TavilySearchProvider(), new WolframAlphaProvider()];
}
