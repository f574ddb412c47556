import { defaultRegistry, ToolwrightError } from '@toolwright/sdk';
import type { McpServerConfig, ToolDefinition } from '@toolwright/sdk';
import { scratchAgent, testTool } from '@toolwright/sdk/testing';
import type { ToolTestReport } from '@toolwright/sdk/testing';
import { flag, stringOption } from '../args/parse-command-line.js';
import { CliError, ExitCode } from '../cli-error.js';
import type { Terminal } from '../io/terminal.js';
import type { CommandContext } from './command-context.js';
import { unknownTool, withToolset } from './command-context.js';

/** Splits a command line on blanks, keeping single- or double-quoted words whole (no expansions). */
export function splitCommand(line: string): string[] {
  const words: string[] = [];
  const re = /"([^"]*)"|'([^']*)'|(\S+)/g;
  for (let m = re.exec(line); m; m = re.exec(line)) words.push(m[1] ?? m[2] ?? m[3]!);
  return words;
}

function timeoutOf(value: string | undefined): number {
  if (value === undefined) return 10_000;
  const seconds = Number(value);
  if (!Number.isFinite(seconds) || seconds <= 0) throw new CliError({ message: `--timeout must be a positive number of seconds, not '${value}'.`, command: 'test' });
  return seconds * 1000;
}

function serverOf(mcp: string | undefined, url: string | undefined): McpServerConfig | undefined {
  if (mcp !== undefined && url !== undefined) throw new CliError({ message: '--mcp and --url both name a server: give one.', command: 'test' });
  if (url !== undefined) return { url };
  if (mcp === undefined) return undefined;
  const [command, ...args] = splitCommand(mcp);
  if (command === undefined) throw new CliError({ message: '--mcp needs a command line (the server to spawn).', command: 'test' });
  return { command, args };
}

function renderReports(reports: ToolTestReport[], term: Terminal): string {
  const c = term.c;
  const header = ['tool', 'cases', 'failures', 'slowest'];
  const rows = reports.map((r) => [r.tool, String(r.cases), String(r.failures.length), `${r.slowestMs} ms`]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]): string => cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  const out = [c.bold(line(header))];
  for (const [i, row] of rows.entries()) out.push(reports[i]!.ok ? line(row) : c.red(line(row)));
  for (const r of reports) {
    for (const f of r.failures) out.push(`${c.red('✗')} ${r.tool} ${c.dim(f.kind)} ${f.case}: ${f.message}${f.input === undefined ? '' : c.dim(` input ${JSON.stringify(f.input).slice(0, 200)}`)}`);
  }
  const failed = reports.filter((r) => !r.ok).length;
  out.push(failed === 0 ? c.green(`${reports.length} tools, no failures`) : c.red(`${failed} of ${reports.length} tools failed`));
  return out.join('\n');
}

/**
 * `toolwright test [TOOL…] [--spec F | --mcp "CMD" | --url U] [--execute] [--timeout S] [--json]`:
 * {@link testTool} over the toolset's tools (or one MCP server's), a table or a JSON report; exit 1
 * when any tool fails.
 */
export async function testCommand(context: CommandContext): Promise<ExitCode> {
  const { term, line } = context;
  const execute = flag(line.values, 'execute');
  const timeoutMs = timeoutOf(stringOption(line.values, 'timeout'));
  const server = serverOf(stringOption(line.values, 'mcp'), stringOption(line.values, 'url'));

  const run = async (tools: readonly ToolDefinition[], isBuiltin: (name: string) => boolean): Promise<ExitCode> => {
    const reports: ToolTestReport[] = [];
    for (const tool of tools) {
      // A built-in tool runs as built in the scratch directory; any other tool runs as it is.
      const scratch = execute ? await scratchAgent(isBuiltin(tool.name) ? { name: tool.name, registry: defaultRegistry } : { tool }) : undefined;
      try {
        reports.push(await testTool(tool, { execute, agent: scratch?.agent, timeoutMs }));
      } finally {
        await scratch?.close();
      }
    }
    if (flag(line.values, 'json')) term.out(JSON.stringify({ ok: reports.every((r) => r.ok), tools: reports }, null, 2));
    else term.out(renderReports(reports, term));
    return reports.every((r) => r.ok) ? ExitCode.OK : ExitCode.ERROR_OBSERVATION;
  };

  const pick = (all: readonly ToolDefinition[], find: (name: string) => ToolDefinition | undefined, unknown: (name: string) => Error): ToolDefinition[] =>
    line.positionals.length === 0 ? [...all] : line.positionals.map((name) => find(name) ?? ((): never => { throw unknown(name); })());

  if (server) {
    const { createMcpTools } = await import('@toolwright/sdk/mcp');
    let toolset;
    try {
      toolset = await createMcpTools({ mcpServers: { server } });
    } catch (error) {
      if (!ToolwrightError.isInstance(error)) throw error;
      throw new CliError({ message: `cannot reach the MCP server: ${error.message}`, command: 'test', cause: error });
    }
    try {
      const tools = toolset.tools as readonly ToolDefinition[];
      const names = tools.map((t) => t.name);
      return await run(pick(tools, (name) => tools.find((t) => t.name === name), (name) => new CliError({ message: `The server has no tool '${name}'.`, command: 'test', hint: `Its tools: ${names.join(', ') || '(none)'}.` })), () => false);
    } finally {
      await toolset.close();
    }
  }
  return withToolset(context, (toolset) => run(pick(toolset.tools(), (name) => toolset.tool(name), (name) => unknownTool(name, toolset)), (name) => toolset.originLabel(name) === 'builtin'));
}
