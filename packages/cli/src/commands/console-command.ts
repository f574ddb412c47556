import { randomBytes } from 'node:crypto';
import { inboxApprovalHandler, processLabel } from '@toolwright/sdk/policy';
import { isLoopbackHost } from '@toolwright/sdk/mcp';
import { listOption, stringOption } from '../args/parse-command-line.js';
import { COMMANDS } from '../args/command-table.js';
import { CliError, ExitCode } from '../cli-error.js';
import type { CommandContext } from './command-context.js';

/** Default port of `toolwright console` (next to serve's 8765). */
export const DEFAULT_CONSOLE_PORT = 8766;

function parsePort(text: string | undefined): number {
  if (text === undefined) return DEFAULT_CONSOLE_PORT;
  const port = Number(text);
  if (!/^\d+$/.test(text) || port > 65535) throw new CliError({ command: 'console', message: `--port: expected an integer from 0 to 65535, got '${text}'.`, hint: `Usage: ${COMMANDS.console.usage}` });
  return port;
}

/** Resolves at SIGINT or SIGTERM. */
function untilStopped(): Promise<string> {
  return new Promise((resolve) => {
    const onSignal = (signal: string): void => {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      resolve(signal);
    };
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
  });
}

/**
 * `toolwright console [--spec F] [--host H] [--port P] [--inbox DIR|URL]`: the web console on a
 * listener of its own: the toolset's catalogue, a form per tool whose calls run under the policy
 * (an ask is parked in the approvals inbox and answered from the page), the live calls, the
 * approvals inbox shared with `serve --inbox` and `run --approve-via inbox`, and the audit log.
 * Runs until SIGINT/SIGTERM.
 */
export async function consoleCommand(context: CommandContext): Promise<ExitCode> {
  const { term, line } = context;
  const host = stringOption(line.values, 'host') ?? '127.0.0.1';
  const port = parsePort(stringOption(line.values, 'port'));
  const env = term.io.env;
  const [{ openInbox }, { startConsoleServer }, { CallMonitor }] = await Promise.all([import('../inbox/open-inbox.js'), import('../console/start-console-server.js'), import('../console/call-monitor.js')]);
  const opened = await openInbox(stringOption(line.values, 'inbox'), { cwd: term.io.cwd, env, onProblem: (message) => term.errUntrusted(`${term.c.yellow('warning:')} ${message}`) }).catch((error: Error) => {
    throw new CliError({ command: 'console', message: error.message, hint: `Usage: ${COMMANDS.console.usage}` });
  });
  const spec = stringOption(line.values, 'spec');
  const label = spec ?? `preset ${stringOption(line.values, 'preset') ?? 'openhands'}`;
  try {
    const approval = inboxApprovalHandler(opened.inbox, { kind: 'serve', label: `console: ${label}`, process: processLabel() });
    const toolset = await context.openToolset({ approval, policyRequired: true });
    try {
      const envToken = env.TOOLWRIGHT_TOKEN;
      let token = envToken !== undefined && envToken !== '' ? envToken : undefined;
      const generated = token === undefined && !isLoopbackHost(host);
      if (generated) token = randomBytes(24).toString('base64url');
      const running = await startConsoleServer(
        { toolset, label, monitor: new CallMonitor(), inbox: opened.inbox, auditLog: toolset.agent?.policy?.audit?.path },
        { host, port, token, allowedHosts: listOption(line.values, 'allowed-host'), allowedOrigins: listOption(line.values, 'allowed-origin') },
      ).catch((error: NodeJS.ErrnoException) => {
        throw new CliError({ command: 'console', message: `cannot listen on ${host}:${port} (${error.code ?? error.message}).`, hint: 'Choose another --port (0 picks a free one) or --host.' });
      });
      term.err(`toolwright: console for ${toolset.names().length} tools at ${term.c.cyan(token === undefined ? running.url : `${running.url}?token=${token}`)} (approvals inbox: ${opened.location})`);
      if (generated) term.err('toolwright: open the link once with its token; the browser then keeps a cookie for it (or send "Authorization: Bearer <token>").');
      const signal = await untilStopped();
      term.err(term.c.dim(`toolwright: ${signal}, closing`));
      await running.close();
      return ExitCode.OK;
    } finally {
      await toolset.close();
    }
  } finally {
    await opened.inbox.close();
  }
}
