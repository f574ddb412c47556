import type { ToolDef, ToolGroupInfo } from '@toolwright/providers';
import { flag, listOption, stringOption } from '../args/parse-command-line.js';
import { CliError, ExitCode } from '../cli-error.js';
import type { CommandContext } from './command-context.js';

function statusText(info: ToolGroupInfo): string {
  const status = info.status;
  switch (status.state) {
    case 'ready':
      return `ready (${status.toolCount} tool${status.toolCount === 1 ? '' : 's'})`;
    case 'not-indexed':
      return 'not indexed';
    case 'needs-settings':
      return `needs ${status.settings.join(', ')} (${status.toolCount} tool${status.toolCount === 1 ? '' : 's'} listed; set the key in toolProviders.${info.providerId}.apiKey or send it per request)`;
    default:
      return `${status.state}: ${status.error}`;
  }
}

/** One row per tool that is not ready (the group's row says how many tools are ready). */
function toolRows(info: ToolGroupInfo): string[][] {
  return (info.tools ?? []).flatMap((tool) => (tool.state === 'ready' ? [] : [[`  ${info.toolgroupId}/${tool.name}`, '', `${tool.state}: ${tool.error}`]]));
}

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return rows.map((r) => r.map((cell, i) => (i === r.length - 1 ? cell : cell.padEnd(widths[i]!))).join('  ')).join('\n');
}

const ACTIONS = ['list', 'tools', 'register', 'unregister'];

/**
 * `toolwright groups list|tools [GROUP] [--json]`: the registered tool groups (the spec's
 * `toolGroupRegistry` and the registrations file's) with their status and their tools' (each
 * group is listed first, so the status says whether it can be reached; tools that are not ready
 * get a row each), or the tools of every group (or of one group, or one `group/tool`).
 * `toolwright groups register GROUP --provider ID …` and `groups unregister GROUP` change the
 * registrations file, which `list`, `call`, `serve` and `groups` read.
 */
export async function groupsCommand(context: CommandContext): Promise<ExitCode> {
  const { term, line } = context;
  const [action, group] = line.positionals;
  if (action === undefined || !ACTIONS.includes(action)) throw new CliError({ command: 'groups', message: `Unknown groups action '${action ?? ''}'; expected ${ACTIONS.join(', ')}.`, hint: "See 'toolwright help groups'." });
  const registering = ['provider', 'mcp-endpoint', 'mcp-transport', 'arg', 'tool-prefix', 'concurrency'].filter((o) => line.values[o] !== undefined);
  if (action !== 'register' && registering.length > 0) throw new CliError({ command: 'groups', message: `--${registering[0]} goes with 'groups register'.` });
  if (action === 'register' || action === 'unregister') {
    if (group === undefined) throw new CliError({ command: 'groups', message: `'groups ${action}' needs the group id (e.g. 'toolwright groups ${action} builtin::websearch${action === 'register' ? ' --provider brave-search' : ''}').` });
    const { registerCommand, unregisterCommand } = await import('../groups/register-command.js');
    const options = { spec: stringOption(line.values, 'spec'), groupsFile: stringOption(line.values, 'groups-file'), cwd: term.io.cwd, env: term.io.env };
    const message =
      action === 'register'
        ? await registerCommand(group, { provider: stringOption(line.values, 'provider'), mcpEndpoint: stringOption(line.values, 'mcp-endpoint'), mcpTransport: stringOption(line.values, 'mcp-transport'), args: listOption(line.values, 'arg'), toolPrefix: stringOption(line.values, 'tool-prefix'), concurrency: stringOption(line.values, 'concurrency') }, options)
        : await unregisterCommand(group, options);
    term.outUntrusted(message);
    return ExitCode.OK;
  }
  if (action === 'list' && group !== undefined) throw new CliError({ command: 'groups', message: "'groups list' takes no group; use 'groups tools GROUP' for a group's tools." });
  if (!context.openToolGroups) throw new CliError({ command: 'groups', message: 'Tool groups are not available in this context.' });
  const { runtime } = await context.openToolGroups();
  try {
    const json = flag(line.values, 'json');
    if (action === 'list') {
      await runtime.listTools();
      const groups = runtime.listToolGroups();
      if (json) {
        term.out(JSON.stringify(groups.map(publicGroup), null, 2));
        return ExitCode.OK;
      }
      if (groups.length === 0) term.out("No tool groups registered (none in the spec's toolGroupRegistry, none from 'toolwright groups register').");
      else term.outUntrusted(table([['GROUP', 'PROVIDER', 'STATUS'], ...groups.flatMap((g) => [[g.toolgroupId, g.providerId, statusText(g)], ...toolRows(g)])]));
      // The providers a group may name, and whether their tools can run as configured.
      term.out('');
      term.outUntrusted(table([['PROVIDER', 'STATUS'], ...[...runtime.listProviderStatus()].sort((a, b) => a.id.localeCompare(b.id)).map((p) => [p.id, p.needs.length === 0 ? 'ready' : `needs ${p.needs.join(', ')}`])]));
      return ExitCode.OK;
    }
    let tools: readonly ToolDef[];
    try {
      tools = await runtime.listTools(group === undefined ? {} : { toolgroupId: group });
    } catch (error) {
      throw new CliError({ command: 'groups', message: (error as Error).message, cause: error });
    }
    if (json) term.out(JSON.stringify(tools, null, 2));
    else if (tools.length === 0) term.out('No tools.');
    else term.outUntrusted(table([['TOOL', 'GROUP', 'DESCRIPTION'], ...tools.map((t) => [t.name, t.toolgroupId, firstLine(t.description)])]));
    return ExitCode.OK;
  } finally {
    await runtime.close();
  }
}

function firstLine(text: string): string {
  const line = text.split('\n', 1)[0]!;
  return line.length > 100 ? `${line.slice(0, 99)}…` : line;
}

/** A group for JSON output: no endpoint secrets. */
function publicGroup(info: ToolGroupInfo): Record<string, unknown> {
  const out: Record<string, unknown> = { toolgroupId: info.toolgroupId, providerId: info.providerId, status: info.status };
  if (info.mcpEndpoint) out.mcpEndpoint = { uri: info.mcpEndpoint.uri, ...(info.mcpEndpoint.transport ? { transport: info.mcpEndpoint.transport } : {}) };
  if (Object.keys(info.args).length > 0) out.args = info.args;
  if (info.tools) out.tools = info.tools;
  return out;
}
