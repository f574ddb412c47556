import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { loadAgentSpec } from '@toolwright/sdk';
import type { AgentSpec } from '@toolwright/sdk';
import { turnValuesOf } from '../args/context-values.js';
import { flag, listOption, stringOption } from '../args/parse-command-line.js';
import { COMMANDS, DEFAULT_PORT } from '../args/command-table.js';
import { CliError, ExitCode } from '../cli-error.js';
import { allowedHostEntry, isLoopbackHost, isWildcardHost } from '../serve/host-names.js';
import { DEFAULT_MAX_SESSIONS, DEFAULT_SESSION_IDLE_S } from '../serve/session-limits.js';
import type { CommandContext } from './command-context.js';
import type { OpenedToolset } from '../toolset/opened-toolset.js';
import { elicitApproval } from '../policy/approval-prompts.js';
import { basename } from 'node:path';
import { inboxApprovalHandler, processLabel } from '@toolwright/sdk/policy';
import { openInbox } from '../inbox/open-inbox.js';

/** What `serve --mode bypass` prints on stderr. */
export const BYPASS_WARNING =
  'toolwright: warning: --mode bypass: served tools run without permission checks (only deny and ask rules and protected paths still hold); every client of this server can run commands and edit files as you.';

function parsePort(text: string | undefined): number {
  if (text === undefined) return DEFAULT_PORT;
  const port = Number(text);
  if (!/^\d+$/.test(text) || port > 65535) {
    throw new CliError({ command: 'serve', message: `--port: expected an integer from 0 to 65535, got '${text}'.`, hint: `Usage: ${COMMANDS.serve.usage}` });
  }
  return port;
}

function parsePositive(option: string, text: string | undefined, fallback: number, integer: boolean): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  const ok = text.trim() !== '' && Number.isFinite(value) && value > 0 && (!integer || Number.isInteger(value));
  if (!ok) {
    throw new CliError({ command: 'serve', message: `--${option}: expected ${integer ? 'an integer' : 'a number'} > 0, got '${text}'.`, hint: `Usage: ${COMMANDS.serve.usage}` });
  }
  return value;
}

/**
 * Resolves when the process gets SIGINT or SIGTERM (or `other` settles). From then on, a further
 * SIGINT or SIGTERM exits at once (the MCP layer's exit hook still kills the children).
 */
function untilStopped(other?: Promise<void>): Promise<string> {
  return new Promise((resolve) => {
    let stopping = false;
    const onSignal = (signal: string): void => {
      if (stopping) process.exit(signal === 'SIGINT' ? ExitCode.INTERRUPTED : 143);
      stopping = true;
      resolve(signal);
    };
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
    void other?.then(() => {
      if (!stopping) onSignal('end of input');
    });
  });
}

/** The `--spec` file's `prompts:` and `resources:`, when it declares any (the spec was checked when the toolset opened). */
async function servedSpec(context: CommandContext): Promise<Pick<AgentSpec, 'prompts' | 'resources' | 'source'> | undefined> {
  const path = stringOption(context.line.values, 'spec');
  if (path === undefined) return undefined;
  const spec = await loadAgentSpec(resolve(context.term.io.cwd, path), { env: context.term.io.env });
  return spec.prompts?.length || spec.resources?.length ? { prompts: spec.prompts, resources: spec.resources, source: spec.source } : undefined;
}

/**
 * `toolwright serve (--stdio | --http [--host H] [--port P])`: one MCP server over the whole
 * toolset. Runs until SIGINT/SIGTERM (or, for stdio, the end of stdin), then closes every session,
 * every MCP connection and child process. Diagnostics go to stderr only.
 */
export async function serveCommand(context: CommandContext): Promise<ExitCode> {
  const { term, line } = context;
  const stdio = flag(line.values, 'stdio');
  const http = flag(line.values, 'http');
  if (stdio === http) {
    throw new CliError({ command: 'serve', message: `choose one transport, ${stdio ? 'not both' : 'either'} --stdio or --http.`, hint: `Usage: ${COMMANDS.serve.usage}` });
  }
  const host = stringOption(line.values, 'host');
  if (stdio && (host !== undefined || line.values.port !== undefined)) {
    throw new CliError({ command: 'serve', message: '--host and --port go with --http, not --stdio.', hint: `Usage: ${COMMANDS.serve.usage}` });
  }
  const httpOnly = ['max-sessions', 'session-idle', 'shared-state', 'stateless'].filter((o) => line.values[o] !== undefined);
  if (stdio && httpOnly.length > 0) {
    throw new CliError({ command: 'serve', message: `--${httpOnly[0]} goes with --http, not --stdio (stdio has one client).`, hint: `Usage: ${COMMANDS.serve.usage}` });
  }
  const port = parsePort(stringOption(line.values, 'port'));
  const maxSessions = parsePositive('max-sessions', stringOption(line.values, 'max-sessions'), DEFAULT_MAX_SESSIONS, true);
  const sessionIdleMs = Math.round(parsePositive('session-idle', stringOption(line.values, 'session-idle'), DEFAULT_SESSION_IDLE_S, false) * 1000);
  const allowedHosts = listOption(line.values, 'allowed-host');
  const badHost = allowedHosts.find((text) => allowedHostEntry(text) === undefined);
  if (badHost !== undefined) {
    throw new CliError({ command: 'serve', message: `--allowed-host: expected a host name or host:port, got '${badHost.slice(0, 100)}'.`, hint: `Usage: ${COMMANDS.serve.usage}` });
  }
  const stateless = flag(line.values, 'stateless');
  // --console: the web console at /console on the same listener (its asks and serve's wait in the approvals inbox).
  const consoleOn = flag(line.values, 'console');
  if (consoleOn && stdio) throw new CliError({ command: 'serve', message: '--console goes with --http, not --stdio (the console is a page on the HTTP listener).', hint: `Usage: ${COMMANDS.serve.usage}` });
  // Stateless: no sessions, so one conversation per replica (what a session would have kept).
  const shared = flag(line.values, 'shared-state') || stateless;
  const bindHost = host ?? '127.0.0.1';
  // --context: the served tools are the view of a turn with these values (each session's toolset alike).
  const values = turnValuesOf(line, 'serve');
  // Served tools are checked in the `default` mode unless --mode (or the spec) says otherwise: over
  // --http any local process may call them, so no policy is never the silent default.
  if (stringOption(line.values, 'mode') === 'bypass') term.err(term.c.yellow(BYPASS_WARNING));
  // --inbox: asks are parked in the approvals inbox (answered by `toolwright approvals`, the console or
  // another replica) instead of MCP elicitation; the call waits, then goes on under the answer.
  const inboxFlag = stringOption(line.values, 'inbox');
  const parked = inboxFlag === undefined && !consoleOn ? undefined : await openInbox(inboxFlag, { cwd: term.io.cwd, env: term.io.env, onProblem: (message) => term.errUntrusted(term.c.yellow(`toolwright: warning: ${message}`)) }).catch((error: Error) => {
    throw new CliError({ command: 'serve', message: error.message, hint: `Usage: ${COMMANDS.serve.usage}` });
  });
  const servedLabel = `toolwright serve${stringOption(line.values, 'spec') === undefined ? '' : ` ${basename(stringOption(line.values, 'spec')!)}`}`;
  const approval = parked
    ? inboxApprovalHandler(parked.inbox, { kind: 'serve', label: servedLabel, process: processLabel() }, { onPosted: (entry) => term.errUntrusted(`toolwright: ${entry.request.toolName} waits for approval in the inbox ${parked.location} (entry ${entry.id}): toolwright approvals approve ${entry.id}`) })
    : elicitApproval;
  if (parked) term.err(`toolwright: asks wait in the approvals inbox ${parked.location}`);
  const open = async (): Promise<OpenedToolset> => {
    const opened = await context.openToolset({ approval, upstream: true, policyRequired: true });
    // Its own MCP servers declare sampling/elicitation as its one client does (shared ones: both).
    if (!shared) opened.upstreams?.serveOneClient();
    await opened.startTurns(values).catch(async (error: unknown) => {
      await opened.close();
      throw error;
    });
    return opened;
  };
  const toolset = await open();
  try {
    // The spec's own prompts and resources (`prompts:`, `resources:`), served next to its tools.
    const spec = await servedSpec(context).catch(async (error: unknown) => {
      await toolset.close();
      throw error;
    });
    if (stdio) {
      const [{ serveStdio }, { servedWithCatalog }, { NativeCatalog, servedCatalogFromSpec }] = await Promise.all([
        import('../serve/serve-stdio.js'),
        import('../serve/create-tool-server.js'),
        import('@toolwright/sdk/mcp'),
      ]);
      const fromSpec = spec ? servedCatalogFromSpec(spec) : undefined;
      const catalog = fromSpec ? new NativeCatalog(fromSpec.prompts, fromSpec.resources) : undefined;
      const running = await serveStdio(servedWithCatalog(toolset, catalog), process.stdin, process.stdout, { log: (text) => term.err(term.c.yellow(text)) });
      term.err(term.c.dim(`toolwright: serving ${toolset.names().length} tools over MCP on stdio`));
      await untilStopped(running.closed);
      await running.close();
      return ExitCode.OK;
    }
    const envToken = term.io.env.TOOLWRIGHT_TOKEN;
    let token = envToken !== undefined && envToken !== '' ? envToken : undefined;
    const generated = token === undefined && !isLoopbackHost(bindHost);
    if (generated) token = randomBytes(24).toString('base64url');
    const [{ startHttpServer }, { providerDataHooks }] = await Promise.all([import('../serve/http-server.js'), import('../groups/provider-data-hooks.js')]);
    // One conversation per MCP session (its own terminal, state and undo history) unless
    // --shared-state; the toolset opened above checked the spec and stays for shared state only.
    const source = shared ? toolset : open;
    // The console's catalogue and calls: the shared toolset, or a conversation of its own.
    const web = consoleOn ? (await import('../console/serve-console.js')).serveConsole({ toolset: shared ? toolset : await open(), ownsToolset: !shared, label: servedLabel, inbox: parked?.inbox, token }) : undefined;
    const running = await startHttpServer(web ? web.watch(source) : source, {
      host: bindHost,
      port,
      token,
      maxSessions,
      sessionIdleMs,
      allowedHosts,
      allowedOrigins: listOption(line.values, 'allowed-origin'),
      stateless,
      ...(spec ? { spec } : {}),
      // X-Toolwright-Provider-Data: checked per request (400 when malformed), its settings in each call's metadata.providerData.
      ...providerDataHooks(),
      ...(web ? { selfAuthenticatedRoutes: web.handle } : {}),
    }).catch((error: NodeJS.ErrnoException) => {
      throw new CliError({ command: 'serve', message: `cannot listen on ${bindHost}:${port} (${error.code ?? error.message}).`, hint: 'Choose another --port (0 picks a free one) or --host.' });
    });
    const everywhere = isWildcardHost(bindHost) ? ' (listening on every interface)' : '';
    const per = stateless ? 'stateless: no sessions, one conversation in this process' : `${shared ? 'one shared conversation' : 'one conversation per session'}, at most ${maxSessions} sessions`;
    term.err(`toolwright: serving ${toolset.names().length} tools over MCP at ${term.c.cyan(running.url)}${everywhere} (${per})`);
    if (!shared) await toolset.close();
    const consoleUrl = running.url.replace(/\/mcp$/, '/console/');
    if (web) term.err(`toolwright: web console at ${term.c.cyan(token === undefined ? consoleUrl : `${consoleUrl}?token=${token}`)}${token === undefined ? '' : ' (open the link once; the browser then keeps a cookie for it)'}`);
    if (generated) term.err(`toolwright: bearer token (send "Authorization: Bearer <token>"): ${term.c.bold(token!)}`);
    else if (token !== undefined) term.err('toolwright: requests need the bearer token from TOOLWRIGHT_TOKEN');
    const signal = await untilStopped();
    term.err(term.c.dim(`toolwright: ${signal}, closing`));
    await running.close();
    await web?.close();
    return ExitCode.OK;
  } finally {
    await toolset.close();
    await parked?.inbox.close();
  }
}
