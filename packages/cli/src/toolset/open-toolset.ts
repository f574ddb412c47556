import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Agent, ConversationState, defaultRegistry, loadAgentSpec, ToolwrightError } from '@toolwright/sdk';
import type { AgentSpec, ToolDefinition } from '@toolwright/sdk';
import type { ApprovalHandler } from '@toolwright/sdk/policy';
import { cliPolicy } from '../policy/policy-flags.js';
import type { PolicyFlags } from '../policy/policy-flags.js';
import type { BuiltinPreset } from '@toolwright/tools/builtins';
import { CliError } from '../cli-error.js';
import { importToolModules } from './import-modules.js';
import { OpenedToolset } from './opened-toolset.js';
import type { ServerRequestAnswers } from '../server-requests/server-request-answers.js';
import { NOT_ASKING, unattendedAnswers } from '../server-requests/unattended-answers.js';
import { nativeToolAnswers, withServerRequests } from '../server-requests/with-server-requests.js';
import { reportFailedServers, signInHint } from '../auth/report-failed-servers.js';
import type { ToolRuntime } from './opened-toolset.js';
import { specNamesNativeTools } from './spec-names-native-tools.js';
// Static: every open reads the registrations file (two dynamic imports cost a cold `serve` more than the modules).
import { toolGroupsFilePath } from '../groups/tool-groups-file.js';
import { withRegisteredGroups } from '../groups/with-registered-groups.js';

/** Options of {@link openToolset}. */
export interface OpenToolsetOptions {
  /** `--spec FILE` (default: the embedded spec, every usable built-in tool). */
  spec?: string;
  /** `--import MODULE…`. */
  imports?: readonly string[];
  /** The directory the tools work in. */
  cwd: string;
  /** Variables for `${VAR}` in the spec. */
  env?: NodeJS.ProcessEnv;
  /** `--groups-file`: the registrations of `groups register` (their groups' tools join the toolset). */
  groupsFile?: string;
  /** `--preset`: the built-in tools of the embedded spec (`openhands`, `claude` or `all`; default `openhands`). */
  preset?: string;
  /** `--mode`, `--allow`, `--ask`, `--deny` (with the spec's `permissions:`, they turn permission checks on). */
  policyFlags?: PolicyFlags;
  /** Who answers approval requests (the command's prompt or refusal). */
  approval?: ApprovalHandler;
  /** True (`serve`): permission checks even without policy flags or a spec `permissions:` section (mode `default`). */
  policyRequired?: boolean;
  /**
   * For `serve`: the spec's MCP servers are offered sampling and elicitation on behalf of the
   * served client, and kept as the toolset's `upstreams` (prompts, resources, completions).
   */
  upstream?: boolean;
  /**
   * Who answers the sampling and elicitation requests of spec servers with `capabilities.sampling`
   * / `elicitation: true` (`call` and `shell`: the person at the terminal). Default, except for
   * `serve`: declined with a warning (nobody to ask).
   */
  serverRequests?: ServerRequestAnswers;
  /**
   * `run`: the conversation id, its state in `<cwd>/.toolwright/conversations/<id>` (where the key
   * sealing pending approvals lives, so another process can resume them). Default: a fresh id in a
   * temporary directory.
   */
  conversationId?: string;
  /** Receives warnings (a spec tool group skipped because its server cannot be reached); default: stderr. */
  onWarning?: (message: string) => void;
}

/** Where warnings go: the caller's handler, else stderr. */
function warnOf(options: OpenToolsetOptions): (message: string) => void {
  return options.onWarning ?? ((message: string) => void process.stderr.write(`toolwright: warning: ${message}\n`));
}

/** The embedded default: the built-in tools of `preset` (those usable on this machine), no MCP servers. */
export async function defaultSpec(preset: BuiltinPreset = 'openhands'): Promise<AgentSpec> {
  const { BUILTIN_PRESETS } = await import('@toolwright/tools/builtins');
  return { tools: BUILTIN_PRESETS[preset].filter((name) => defaultRegistry.isUsable(name)).map((name) => ({ name })) };
}

function specFailure(error: unknown, spec: string | undefined): CliError {
  if (!ToolwrightError.isInstance(error)) throw error;
  const where = spec === undefined ? 'the built-in toolset' : `spec ${spec}`;
  const message = error.code === 'INVALID_SPEC' ? `invalid agent spec ${error.message}` : `cannot build ${where}: ${error.message}`;
  const server = error.details.server;
  return new CliError({ message, cause: error, hint: typeof server === 'string' ? signInHint(error.message, server, spec) : undefined });
}

/** The spec's `toolgroups` as tools (through `@toolwright/providers`), and how to close them. */
async function openGroupTools(spec: AgentSpec, options: OpenToolsetOptions): Promise<{ tools: ToolDefinition[]; close: () => Promise<void> }> {
  const [{ createToolGroupToolset, resolveAgentToolGroups }, { toolGroupRuntimeFromSpec }] = await Promise.all([import('@toolwright/providers'), import('../groups/tool-group-runtime-from-spec.js')]);
  const warn = options.onWarning ?? ((message: string) => void process.stderr.write(`toolwright: warning: ${message}\n`));
  const runtime = toolGroupRuntimeFromSpec(spec, options.cwd, warn);
  try {
    // A group whose server cannot be reached is left out with a warning (the other tools still work); spec mistakes still fail.
    const reachable: string[] = [];
    for (const ref of spec.toolgroups ?? []) {
      try {
        await resolveAgentToolGroups(runtime, [ref]);
        reachable.push(ref);
      } catch (error) {
        if (!ToolwrightError.isInstance(error) || error.code !== 'MCP_CONNECTION') throw error;
        warn(`tool group '${ref}' skipped: ${error.message}`);
      }
    }
    if (reachable.length === 0) return { tools: [], close: () => runtime.close() };
    const toolset = await createToolGroupToolset(runtime, { toolgroups: reachable });
    return { tools: [...toolset.tools], close: async () => { await toolset.close(); await runtime.close(); } };
  } catch (error) {
    await runtime.close();
    throw specFailure(error, options.spec);
  }
}

/** The agent as the Toolset's runtime, closing `also` after it. */
function closingAlso(agent: Agent, also: () => Promise<void>): ToolRuntime {
  return {
    get toolsMap() {
      return agent.toolsMap;
    },
    get view() {
      return agent.view;
    },
    originOf: (name) => agent.originOf(name),
    executeToolCall: (call, callOptions) => agent.executeToolCall(call, callOptions),
    startTurn: (values) => agent.startTurn(values),
    onToolsChanged: (listener) => agent.onToolsChanged(listener),
    close: async () => {
      await agent.close();
      await also();
    },
  };
}

/**
 * Builds the toolset a command works on, through the same `Agent` an agent uses: the built-in
 * tools are registered, `--import` modules loaded, the spec read (`loadAgentSpec`: JSON or YAML,
 * errors naming the file, the JSON path and what was expected), and the Agent initialized in a
 * conversation rooted at `cwd` (MCP servers connected). Spec and setup mistakes are
 * {@link CliError}s (exit 2).
 */
export async function openToolset(options: OpenToolsetOptions): Promise<OpenedToolset> {
  // The built-in tools (@toolwright/tools, a third of a cold `serve`) load only when the toolset can
  // name one: the embedded default, a --preset, or a spec whose tools or toolsets name native tools.
  const specPath = options.spec === undefined ? undefined : resolve(options.cwd, options.spec);
  const needsBuiltins = specPath === undefined || options.preset !== undefined || (await specNamesNativeTools(specPath));
  const builtins = needsBuiltins ? await import('@toolwright/tools/builtins') : undefined;
  if (builtins && options.preset !== undefined && !builtins.isBuiltinPreset(options.preset)) {
    throw new CliError({ message: `Unknown preset '${options.preset}'. Presets: ${Object.keys(builtins.BUILTIN_PRESETS).join(', ')}.` });
  }
  builtins?.registerBuiltinTools({ preset: 'all', registry: defaultRegistry });
  const extraTools: ToolDefinition[] = await importToolModules(options.imports ?? [], options.cwd);
  let spec: AgentSpec;
  try {
    spec = specPath === undefined
      ? await defaultSpec(options.preset as BuiltinPreset | undefined)
      : await loadAgentSpec(specPath, { env: options.env, registry: defaultRegistry });
  } catch (error) {
    throw specFailure(error, options.spec);
  }
  // Groups registered with `groups register` join the spec's (read on every open: a new session sees new registrations).
  spec = await withRegisteredGroups(spec, toolGroupsFilePath(options.cwd, options.groupsFile, options.env), options.cwd);
  const groups = spec.toolgroups !== undefined && spec.toolgroups.length > 0 ? await openGroupTools(spec, options) : undefined;
  if (groups) extraTools.push(...groups.tools);
  const state = options.conversationId !== undefined ? new ConversationState({ id: options.conversationId, workingDir: options.cwd }) : new ConversationState({ workingDir: options.cwd, stateDir: join(tmpdir(), 'toolwright', 'conversations', `${process.pid}-${Date.now()}-${randomUUID()}`) });
  // The proxy (serve's upstreams: prompts, resources, notifications) loads only when there are MCP servers to proxy.
  const proxied = options.upstream === true && Object.keys(spec.mcpServers ?? {}).length > 0;
  const ProxyAgent = proxied ? (await import('../serve/proxy/proxy-agent.js')).ProxyAgent : undefined;
  // The toolsets layer (its own bundle entry) loads only when the spec declares toolsets.
  const toolsets = spec.toolsets === undefined ? undefined : (await import('@toolwright/sdk/toolsets')).toolsetsFromSpec(spec.toolsets, defaultRegistry, { source: spec.source, onWarning: warnOf(options) });
  const agent = new (ProxyAgent ?? Agent)({
    tools: spec.tools,
    mcpServers: options.upstream ? spec.mcpServers : withServerRequests(spec.mcpServers, options.serverRequests ?? unattendedAnswers(warnOf(options), NOT_ASKING)),
    filterToolsRegex: spec.filterToolsRegex,
    toolsets,
    extraTools,
    registry: defaultRegistry,
    policy: cliPolicy(options.policyFlags ?? { allow: [], ask: [], deny: [] }, spec.permissions, options.cwd, options.approval, { specPath: options.spec, required: options.policyRequired }),
    ...(options.upstream ? {} : nativeToolAnswers(options.serverRequests)),
  });
  try {
    await agent.initialize(state);
  } catch (error) {
    await agent.close().catch(() => undefined);
    await groups?.close();
    await state.close();
    throw specFailure(error, options.spec);
  }
  reportFailedServers(agent.status().mcpServers, warnOf(options), options.spec);
  const toolset = new OpenedToolset(groups ? closingAlso(agent, groups.close) : agent, state, new Set(builtins?.BUILTIN_PRESETS.all ?? []));
  if (ProxyAgent && agent instanceof ProxyAgent) toolset.upstreams = agent.upstreams;
  toolset.agent = agent;
  return toolset;
}
