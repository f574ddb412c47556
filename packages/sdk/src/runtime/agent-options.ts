import type { McpServerConfig } from '../registry/mcp-server-config.js';
import type { ToolRegistry } from '../registry/tool-registry.js';
import type { ToolSpec } from '../registry/tool-spec.js';
import type { ToolDefinition } from '../tool/tool-definition.js';
import type { McpNamePolicy } from '../mcp/mcp-tool-names.js';
import type { CallPipelineOptions } from './call-pipeline.js';
import type { PolicyOptions } from '../policy/policy-options.js';
import type { Toolset } from '../toolsets/toolset.js';
import type { ClientHandlers } from '../tool/client-handlers.js';
import type { Recorder } from '../record/recorder.js';

/**
 * Options of the {@link Agent} constructor. The pipeline part (`middleware`, `permission`,
 * `approval`, `hooks`) configures the agent's {@link CallPipeline}.
 */
export interface AgentOptions extends CallPipelineOptions {
  /** Native tool specs, resolved through {@link AgentOptions.registry} at `initialize`. */
  tools?: ToolSpec[];
  /** MCP servers whose tools join the tools map directly (the MCP layer loads only when there are some). */
  mcpServers?: Record<string, McpServerConfig>;
  /** Where native specs are resolved (default: `defaultRegistry`). */
  registry?: ToolRegistry;
  /** Keep only tools whose name matches this regular expression (native and MCP alike). */
  filterToolsRegex?: string;
  /** How colliding MCP tool names are settled (default `'prefix-on-conflict'`). */
  mcpNamePolicy?: McpNamePolicy;
  /** Ready-made tools added to the map as they are (origin `native`, no spec). */
  extraTools?: ToolDefinition[];
  /**
   * Which existing tools the model sees (default: all). Asked again at each turn
   * (`agent.startTurn()`); a call to a tool it hides is an error Observation.
   */
  visible?: (tool: ToolDefinition) => boolean;
  /**
   * Toolsets resolved at the start of every turn ({@link Agent.startTurn}) into the view, beside
   * the static tools; a name offered twice (by two toolsets, or a toolset and a static tool) is
   * `DUPLICATE_TOOL` naming both.
   */
  toolsets?: Toolset[];
  /** Permission mode, rules, approvals, grants file, audit log. Absent: no permission checks. */
  policy?: PolicyOptions;
  /**
   * Receives what tools send with `ctx.log(level, data)`, as it happens. With it or without,
   * each log is a `LogEvent` in the call's events; logging never fails a call. A call's own
   * `client.log` (e.g. `serve`'s MCP client) wins over it.
   */
  onLog?: ClientHandlers['log'];
  /** Answers `ctx.sample(request)` (the host's model). Absent: `ctx.sample` fails with `NOT_SUPPORTED`. */
  onSample?: ClientHandlers['sample'];
  /** Answers `ctx.elicit(message, requestedSchema)` (asks the user). Absent: `ctx.elicit` fails with `NOT_SUPPORTED`. */
  onElicit?: ClientHandlers['elicit'];
  /**
   * Records the session, one JSON line per entry: each tool's schema hash (at initialize, again
   * when it changes), each call, its permission decision, approvals, logs and Observation with its
   * duration; `runTools` adds the model's requests and responses. See `FileRecorder`, `MemoryRecorder`.
   */
  recorder?: Recorder;
}
