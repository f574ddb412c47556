import { existsSync, statSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ErrorCode } from '../errors/error-code.js';
import { ToolwrightError } from '../errors/toolwright-error.js';
import { checkAgentSpec } from '../registry/check-agent-spec.js';
import { joinPath } from '../schema/validation-issue.js';
import type { McpServerConfig } from '../registry/mcp-server-config.js';
import type { McpElicitationHandler, McpSamplingHandler } from '../registry/mcp-client-capabilities-config.js';
import type { McpOAuthConfig } from '../registry/mcp-oauth-config.js';
import { checkMcpTimeout } from './check-mcp-timeout.js';
import { MCP_DEFAULTS } from './mcp-defaults.js';

/** One enabled MCP server, checked and with every default filled in. */
export type McpServerPlan = McpStdioPlan | McpHttpPlan;

interface McpPlanCommon {
  /** The server's name in the config. */
  name: string;
  connectTimeoutMs: number;
  callTimeoutMs: number;
  enabledTools?: readonly string[];
  disabledTools?: readonly string[];
  prefix?: string;
  /** What the client offers this server (roots as `file://` URIs), when configured. */
  capabilities?: McpCapabilitiesPlan;
  /** Set when the server's tools that are not read-only may run concurrently (absent: `'serial'`). */
  concurrency?: 'parallel';
}

/** A server's client capabilities, checked: handlers as given, roots resolved to `file://` URIs. */
export interface McpCapabilitiesPlan {
  sampling?: true | McpSamplingHandler;
  elicitation?: true | 'defaults' | McpElicitationHandler;
  roots?: readonly { uri: string; name?: string }[];
}

/** A stdio server: a child process. */
export interface McpStdioPlan extends McpPlanCommon {
  kind: 'stdio';
  command: string;
  args: readonly string[];
  env?: Readonly<Record<string, string>>;
  /** Absolute working directory, when configured. */
  cwd?: string;
}

/** A server reached over Streamable HTTP (`http`) or legacy SSE (`sse`). */
export interface McpHttpPlan extends McpPlanCommon {
  kind: 'http' | 'sse';
  url: URL;
  headers?: Readonly<Record<string, string>>;
  /** OAuth settings (token and private key files resolved to absolute paths), when configured. */
  auth?: McpOAuthConfig;
  /** Every call in a session of its own. */
  stateless?: boolean;
}

const TYPE_ALIASES: Record<string, 'stdio' | 'http' | 'sse'> = {
  stdio: 'stdio',
  http: 'http',
  'streamable-http': 'http',
  streamableHttp: 'http',
  sse: 'sse',
};
const PREFIX_PATTERN = /^[a-zA-Z0-9_-]{1,40}$/;

/** `MCP_CONFIG` naming the server and the field, saying what is wrong and what is expected. */
export function mcpConfigError(server: string, field: string | undefined, problem: string): ToolwrightError {
  const where = field ? `mcpServers.${server}.${field}` : `mcpServers.${server}`;
  return new ToolwrightError({
    code: ErrorCode.MCP_CONFIG,
    message: `Invalid MCP server '${server}' (${where}): ${problem}`,
    details: { server, field },
  });
}

/**
 * Checks an `mcpServers` map and returns one plan per enabled server, in config order. Structure
 * is checked as `loadAgentSpec` does; on top of that: transport values, URLs, the stdio working
 * directory, tool filters and prefixes. An empty or all-disabled config is an error too.
 */
export function planMcpServers(mcpServers: Record<string, McpServerConfig>, baseDir: string = process.cwd()): McpServerPlan[] {
  if (typeof mcpServers !== 'object' || mcpServers === null || Array.isArray(mcpServers)) {
    throw new ToolwrightError({ code: ErrorCode.MCP_CONFIG, message: 'mcpServers must be an object of server configs ({ name: { command } | { url } }).' });
  }
  for (const [name, config] of Object.entries(mcpServers)) {
    const problem = checkAgentSpec({ mcpServers: { [name]: config } });
    if (!problem) continue;
    const base = joinPath('mcpServers', name);
    const field = problem.path.startsWith(base) ? problem.path.slice(base.length).replace(/^\./, '') : problem.path;
    throw mcpConfigError(name, field || undefined, problem.message);
  }
  const names = Object.keys(mcpServers);
  if (names.length === 0) {
    throw new ToolwrightError({
      code: ErrorCode.MCP_CONFIG,
      message: 'No MCP servers configured: mcpServers is empty. Add at least one server ({ command, args } or { url }).',
    });
  }
  const plans = names.filter((name) => mcpServers[name]!.disabled !== true).map((name) => planServer(name, mcpServers[name]!, baseDir));
  if (plans.length === 0) {
    throw new ToolwrightError({
      code: ErrorCode.MCP_CONFIG,
      message: `Every configured MCP server is disabled (${names.join(', ')}); enable one (remove "disabled": true) or drop mcpServers.`,
      details: { servers: names },
    });
  }
  return plans;
}

function planServer(name: string, raw: McpServerConfig, baseDir: string): McpServerPlan {
  if (name.trim() === '') throw mcpConfigError(name, undefined, 'server names must not be empty.');
  const config = raw as McpServerConfig & { type?: unknown; transport?: unknown };
  const common = planCommon(name, config);
  const capabilities = planCapabilities(name, config.capabilities, baseDir);
  if (capabilities) common.capabilities = capabilities;
  const kind = transportKind(name, config);
  if ('command' in config && config.command !== undefined) {
    if (kind !== 'stdio') throw mcpConfigError(name, 'type', `'${String(config.type)}' needs a url, but this server has a command; use type 'stdio' or give a url.`);
    for (const field of ['headers', 'transport', 'auth', 'stateless'] as const) {
      if ((config as unknown as Record<string, unknown>)[field] !== undefined) throw mcpConfigError(name, field, `only HTTP servers (with a url) take ${field}; a command server takes args, env and cwd.`);
    }
    return { ...common, kind: 'stdio', command: config.command, args: config.args ?? [], env: config.env, cwd: planCwd(name, config.cwd, baseDir) };
  }
  if (kind === 'stdio') throw mcpConfigError(name, 'type', "'stdio' needs a command, but this server has a url.");
  for (const field of ['args', 'env', 'cwd'] as const) {
    if ((config as unknown as Record<string, unknown>)[field] !== undefined) throw mcpConfigError(name, field, `only command (stdio) servers take ${field}; an HTTP server takes url, transport and headers.`);
  }
  const url = planUrl(name, (config as { url: string }).url);
  const plan: McpHttpPlan = { ...common, kind, url, headers: (config as { headers?: Record<string, string> }).headers };
  if ((config as { stateless?: boolean }).stateless === true) plan.stateless = true;
  const oauth = (config as { auth?: McpOAuthConfig }).auth;
  if (oauth) {
    if (kind === 'sse') throw mcpConfigError(name, 'auth', "OAuth is offered for Streamable HTTP servers; this one uses transport 'sse'.");
    // Files resolve against the spec's directory (or the working directory), as cwd does.
    const at = (file: string): string => (isAbsolute(file) ? file : resolve(baseDir, file));
    plan.auth = { ...oauth };
    if (oauth.tokenFile) plan.auth.tokenFile = at(oauth.tokenFile);
    if (oauth.privateKeyFile) plan.auth.privateKeyFile = at(oauth.privateKeyFile);
  }
  return plan;
}

function transportKind(name: string, config: { type?: unknown; transport?: unknown; command?: unknown }): 'stdio' | 'http' | 'sse' {
  const { type, transport } = config;
  if (transport !== undefined && transport !== 'http' && transport !== 'sse') {
    throw mcpConfigError(name, 'transport', `${JSON.stringify(transport)} is not a transport; expected 'http' (Streamable HTTP, the default) or 'sse' (legacy).`);
  }
  let fromType: 'stdio' | 'http' | 'sse' | undefined;
  if (type !== undefined) {
    fromType = typeof type === 'string' ? TYPE_ALIASES[type] : undefined;
    if (!fromType) throw mcpConfigError(name, 'type', `${JSON.stringify(type)} is not a server type; expected one of ${Object.keys(TYPE_ALIASES).join(', ')}.`);
  }
  if (fromType && transport !== undefined && fromType !== transport) {
    throw mcpConfigError(name, 'transport', `'${String(transport)}' contradicts type '${String(type)}'; give one of them.`);
  }
  return fromType ?? (transport as 'http' | 'sse' | undefined) ?? (config.command !== undefined ? 'stdio' : 'http');
}

function planCommon(name: string, config: McpServerConfig): McpPlanCommon {
  const { enabledTools, disabledTools, prefix } = config;
  if (enabledTools && disabledTools) {
    throw mcpConfigError(name, 'disabledTools', 'give either enabledTools (only these) or disabledTools (all but these), not both.');
  }
  if (enabledTools && enabledTools.length === 0) throw mcpConfigError(name, 'enabledTools', 'is empty, which would enable no tool; list tool names or drop the field.');
  if (prefix !== undefined && !PREFIX_PATTERN.test(prefix)) {
    throw mcpConfigError(name, 'prefix', `${JSON.stringify(prefix)} is not a valid prefix; expected 1 to 40 letters, digits, '_' or '-'.`);
  }
  const plan: McpPlanCommon = {
    name,
    connectTimeoutMs: planTimeout(name, 'connectTimeoutMs', config.connectTimeoutMs) ?? MCP_DEFAULTS.connectTimeoutMs,
    callTimeoutMs: planTimeout(name, 'timeoutMs', config.timeoutMs) ?? MCP_DEFAULTS.callTimeoutMs,
  };
  if (enabledTools) plan.enabledTools = enabledTools;
  if (disabledTools) plan.disabledTools = disabledTools;
  if (prefix !== undefined) plan.prefix = prefix;
  if (config.concurrency === 'parallel') plan.concurrency = 'parallel';
  return plan;
}

/** A configured time limit of server `name`, checked (see {@link checkMcpTimeout}). */
function planTimeout(name: string, field: 'connectTimeoutMs' | 'timeoutMs', value: unknown): number | undefined {
  try {
    return checkMcpTimeout(value, field);
  } catch (error) {
    throw mcpConfigError(name, field, (error as Error).message.slice(field.length + 1));
  }
}

function planUrl(name: string, text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw mcpConfigError(name, 'url', `${JSON.stringify(text)} is not a valid URL; expected an absolute http(s) URL such as http://127.0.0.1:3000/mcp.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw mcpConfigError(name, 'url', `${JSON.stringify(text)} uses ${url.protocol.replace(/:$/, '')}; expected an http or https URL.`);
  }
  return url;
}

function planCwd(name: string, cwd: string | undefined, baseDir: string): string | undefined {
  if (cwd === undefined) return undefined;
  const abs = isAbsolute(cwd) ? cwd : resolve(baseDir, cwd);
  if (!existsSync(abs) || !statSync(abs).isDirectory()) {
    throw mcpConfigError(name, 'cwd', `${JSON.stringify(cwd)} is not an existing directory (resolved to ${abs}).`);
  }
  return abs;
}

function planCapabilities(name: string, caps: McpServerConfig['capabilities'], baseDir: string): McpCapabilitiesPlan | undefined {
  if (!caps) return undefined;
  const plan: McpCapabilitiesPlan = {};
  if (caps.sampling) plan.sampling = caps.sampling;
  if (caps.elicitation) plan.elicitation = caps.elicitation;
  if (caps.roots) {
    plan.roots = caps.roots.map((root, i) => {
      const given = typeof root === 'string' ? root : root.uri;
      let uri: string;
      if (/^[a-zA-Z][a-zA-Z0-9+.-]*:\/\//.test(given)) {
        if (!given.startsWith('file://')) throw mcpConfigError(name, `capabilities.roots[${i}]`, `${JSON.stringify(given)} is not a file:// URI; roots are directories (a path or a file:// URI).`);
        uri = given;
      } else {
        uri = pathToFileURL(isAbsolute(given) ? given : resolve(baseDir, given)).href;
      }
      return typeof root === 'string' || root.name === undefined ? { uri } : { uri, name: root.name };
    });
  }
  return Object.keys(plan).length > 0 ? plan : undefined;
}
