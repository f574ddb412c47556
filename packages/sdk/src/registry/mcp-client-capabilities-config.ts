import type { ElicitRequest, ElicitResult, SampleRequest, SampleResult } from '../tool/client-handlers.js';

/** Answers an MCP server's `sampling/createMessage` (the host's model); `server` is its config name. */
export type McpSamplingHandler = (request: SampleRequest, server: string) => Promise<SampleResult>;

/** Answers an MCP server's `elicitation/create` (form mode: asks the user); `server` is its config name. */
export type McpElicitationHandler = (request: ElicitRequest, server: string) => Promise<ElicitResult>;

/** One root the client offers the server (`roots/list`). */
export interface McpRootConfig {
  /** A `file://` URI, or a directory path (resolved against the agent's working directory, or createMcpTools' `cwd`). */
  uri: string;
  /** A name for the root. */
  name?: string;
}

/**
 * What the agent, as an MCP client, offers one server. Each one declared is announced at
 * `initialize` (so the server's capability-gated tools appear) and its requests are answered.
 */
export interface McpClientCapabilitiesConfig {
  /**
   * `sampling/createMessage`: a handler, or `true` for the Agent's `onSample` (a server that
   * samples with neither gets an error answer).
   */
  sampling?: boolean | McpSamplingHandler;
  /**
   * `elicitation/create` (form mode): a handler, `true` for the Agent's `onElicit`, or `'defaults'`
   * to accept at once with the requested schema's defaults (unattended runs). An accepted answer
   * gets the schema's defaults for the fields it leaves out.
   */
  elicitation?: boolean | 'defaults' | McpElicitationHandler;
  /** `roots/list`: directories (paths or `file://` URIs) the server may work in. */
  roots?: (string | McpRootConfig)[];
}
