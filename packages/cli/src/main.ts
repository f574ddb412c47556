import { ToolwrightError } from '@toolwright/sdk';
import type { CommandName } from './args/command-table.js';
import { flag, parseCommandLine } from './args/parse-command-line.js';
import type { CommandLine } from './args/parse-command-line.js';
import { renderCommandHelp, renderOverview } from './args/render-help.js';
import { CliError, ExitCode } from './cli-error.js';
import { escapeControlChars } from './format/escape-control-chars.js';
import type { CommandContext } from './commands/command-context.js';
import { toolsetSource } from './commands/command-context.js';
import { processIo, Terminal } from './io/terminal.js';
import type { CliIo } from './io/terminal.js';
import { CLI_VERSION } from './version.js';

type Command = (context: CommandContext) => Promise<ExitCode>;

/** Each command's module is loaded only when that command runs (serve pulls in the MCP server SDK). */
const LOADERS: Partial<Record<CommandName, () => Promise<Command>>> = {
  shell: async () => (await import('./commands/shell-command.js')).shellCommand,
  list: async () => (await import('./commands/list-command.js')).listCommand,
  schema: async () => (await import('./commands/schema-command.js')).schemaCommand,
  test: async () => (await import('./commands/test-command.js')).testCommand,
  call: async () => (await import('./commands/call-command.js')).callCommand,
  serve: async () => (await import('./commands/serve-command.js')).serveCommand,
  groups: async () => (await import('./commands/groups-command.js')).groupsCommand,
  auth: async () => (await import('./commands/auth-command.js')).authCommand,
  init: async () => (await import('./commands/init-command.js')).initCommand,
  run: async () => (await import('./commands/run-command.js')).runCommand,
  console: async () => (await import('./commands/console-command.js')).consoleCommand,
  replay: async () => (await import('./commands/replay-command.js')).replayCommand,
  approvals: async () => (await import('./commands/approvals-command.js')).approvalsCommand,
};

function report(error: unknown, term: Terminal): ExitCode {
  const c = term.c;
  if (error instanceof CliError) {
    // Messages may quote a server's or a tool's words: shown, never obeyed.
    term.err(`${c.red(`toolwright${error.command ? ` ${error.command}` : ''}:`)} ${escapeControlChars(error.message)}`);
    if (error.hint) term.err(c.dim(escapeControlChars(error.hint)));
    return error.exitCode;
  }
  if (ToolwrightError.isInstance(error)) {
    term.err(`${c.red('toolwright:')} ${escapeControlChars(error.message)} ${c.dim(`[${error.code}]`)}`);
    return ExitCode.USAGE;
  }
  term.err(`${c.red('toolwright: internal error:')} ${escapeControlChars(error instanceof Error ? (error.stack ?? error.message) : String(error))}`);
  return ExitCode.INTERNAL;
}

/**
 * Runs the `toolwright` command line (`argv` without `node` and the script) and returns the exit
 * code; nothing here calls `process.exit`.
 */
export async function main(argv: readonly string[], io: CliIo = processIo()): Promise<ExitCode> {
  let line: CommandLine;
  try {
    line = parseCommandLine(argv);
  } catch (error) {
    const noColor = argv.includes('--no-color');
    return report(error, new Terminal(io, { noColor }));
  }
  const term = new Terminal(io, { noColor: flag(line.values, 'no-color') });
  try {
    if (line.command === 'version') {
      term.out(CLI_VERSION);
      return ExitCode.OK;
    }
    if (line.command === 'help') {
      const topic = line.positionals[0];
      if (topic === undefined) term.out(renderOverview(term.c));
      else if (topic in LOADERS || topic === 'help' || topic === 'version') term.out(renderCommandHelp(topic as CommandName, term.c));
      else throw new CliError({ message: `No help on '${topic}': not a command.`, hint: "Run 'toolwright help' for the commands." });
      return ExitCode.OK;
    }
    const command = await LOADERS[line.command]!();
    const context: CommandContext = {
      line,
      term,
      openToolset: async (extra) => {
        const { openToolset } = await import('./toolset/open-toolset.js');
        return openToolset({
          ...toolsetSource(line),
          cwd: io.cwd,
          env: io.env,
          approval: extra?.approval,
          upstream: extra?.upstream,
          serverRequests: extra?.serverRequests,
          policyRequired: extra?.policyRequired,
          conversationId: extra?.conversationId,
        });
      },
      openToolGroups: async () => {
        const { openToolGroups } = await import('./groups/open-tool-groups.js');
        const { spec, groupsFile } = toolsetSource(line);
        return openToolGroups({ spec, groupsFile, cwd: io.cwd, env: io.env, onWarning: (message) => term.errUntrusted(`${term.c.yellow('warning:')} ${message}`) });
      },
    };
    return await command(context);
  } catch (error) {
    return report(error, term);
  }
}
