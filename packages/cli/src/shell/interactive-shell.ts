import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { parseTimeout } from '../args/parse-json-arguments.js';
import { readArgumentsText } from '../args/read-arguments-text.js';
import { ExitCode } from '../cli-error.js';
import { exportTool, warnOnStderr } from '../commands/schema-command.js';
import { exampleArguments, renderToolHelp } from '../format/tool-help.js';
import { escapeControlChars } from '../format/escape-control-chars.js';
import { renderToolTable } from '../format/tool-table.js';
import { ProgressLine } from '../io/progress-line.js';
import type { Terminal } from '../io/terminal.js';
import type { AskLine } from '../policy/approval-prompts.js';
import type { OpenedToolset } from '../toolset/opened-toolset.js';
import { createCompleter, SHELL_COMMANDS } from './shell-completer.js';
import { parseShellLine } from './parse-shell-line.js';
import type { ShellLine } from './parse-shell-line.js';

function shellHelp(term: Terminal): string {
  const c = term.c;
  return [
    c.bold('Shell commands:'),
    `  ${c.cyan('<tool> {json}')}   call a tool with JSON arguments (e.g. ${c.dim('glob {"pattern": "**/*.ts"}')}); no JSON = {}`,
    `  ${c.cyan("call <tool> 'JSON'")}  the same, as on the command line (also @FILE, --timeout S)`,
    `  ${c.cyan('schema [tool…]')}  the tools' declarations (--format openai|responses|anthropic|gemini|mcp, --strict, --security-risk, --summary)`,
    `  ${c.cyan('help <tool>')}     the tool's parameters, from its schema`,
    `  ${c.cyan('list')}            the tools`,
    `  ${c.cyan('exit')}            leave (or Ctrl-D)`,
    c.dim('Tab completes tool names (and, after a tool name, its required arguments). Ctrl-C cancels a running call.'),
  ].join('\n');
}

/** Runs one understood shell line (everything but `exit`). */
async function runLine(line: Exclude<ShellLine, { kind: 'exit' }>, toolset: OpenedToolset, term: Terminal, signal: AbortSignal): Promise<void> {
  const c = term.c;
  switch (line.kind) {
    case 'empty':
      return;
    case 'error':
      term.err(c.red(escapeControlChars(line.message)));
      return;
    case 'list':
      term.out(renderToolTable(toolset.rows(), c, term.columns));
      return;
    case 'help': {
      if (line.tool === undefined) return term.out(shellHelp(term));
      const tool = toolset.tool(line.tool);
      // `help call` (as `toolwright help call` on the command line): the shell's commands, unless a tool has that name.
      if (!tool && (SHELL_COMMANDS as readonly string[]).includes(line.tool)) return term.out(shellHelp(term));
      term.out(tool ? renderToolHelp(tool, toolset.originLabel(line.tool), c) : c.red(escapeControlChars(unknownToolText(line.tool, toolset))));
      return;
    }
    case 'schema': {
      const unknown = line.tools.find((name) => !toolset.tool(name));
      if (unknown !== undefined) return term.err(c.red(escapeControlChars(unknownToolText(unknown, toolset))));
      const tools = line.tools.length === 0 ? toolset.tools() : line.tools.map((name) => toolset.tool(name)!);
      const options = { strict: line.strict, securityRisk: line.securityRisk, summary: line.summary, onWarning: warnOnStderr(term) };
      term.out(JSON.stringify(tools.map((tool) => exportTool(tool, line.format, options)).filter((exported) => exported !== undefined), null, 2));
      return;
    }
    case 'call': {
      const timeoutMs = parseTimeout(line.timeoutSeconds);
      const args = line.args === '' ? {} : ((await readArgumentsText(line.args, term.io.stdin, term.io.cwd)) ?? {});
      const progress = new ProgressLine(term.io.stderr, c, line.tool);
      const outcome = await toolset.execute(line.tool, args, { signal, timeoutMs, onProgress: (p) => progress.update(p) }).finally(() => progress.clear());
      if (outcome.action) term.outUntrusted(outcome.action.visualize());
      term.outUntrusted(outcome.observation.visualize());
      return;
    }
  }
}

function unknownToolText(name: string, toolset: OpenedToolset): string {
  const guess = toolset.suggest(name);
  return `Unknown tool '${name}'.${guess ? ` Did you mean '${guess}'?` : ''}`;
}

/**
 * The interactive shell of `toolwright` on a terminal: lists the tools, completes tool names
 * with Tab, shows `help <tool>` from the schema, and runs `<tool> <json>` through the runtime,
 * showing the visualized Action and Observation — errors exactly as the model would read them.
 * A call the permission policy asks about is put to the user here (y/n/always), through this
 * shell's line editor (`approvals.line` is set while the shell runs).
 */
export async function runShell(toolset: OpenedToolset, term: Terminal, approvals: { line?: AskLine } = {}): Promise<ExitCode> {
  const c = term.c;
  term.out(`${c.bold('toolwright')} shell — ${toolset.names().length} tools in ${term.io.cwd}. Type ${c.cyan('help')} for commands.`);
  term.out(renderToolTable(toolset.rows(), c, term.columns));
  const completer = createCompleter({
    names: () => toolset.names(),
    argumentSkeleton: (name) => {
      const tool = toolset.tool(name);
      return tool ? JSON.stringify(exampleArguments(tool.inputSchema())) : undefined;
    },
  });
  const rl = createInterface({
    input: term.io.stdin as Readable,
    output: term.io.stdout as Writable,
    completer,
    terminal: true,
    historySize: 1000,
    prompt: `${c.bold.green('toolwright')}${c.dim('›')} `,
  });
  let running: AbortController | undefined;
  let exitArmed = false;
  rl.on('SIGINT', () => {
    if (running) {
      running.abort();
      return;
    }
    if (rl.line.length > 0 || !exitArmed) {
      exitArmed = rl.line.length === 0;
      term.out(exitArmed ? c.dim('\n(Ctrl-C again, Ctrl-D or exit to quit)') : '');
      rl.write(null, { ctrl: true, name: 'u' });
      rl.prompt();
      return;
    }
    rl.close();
  });
  // A question during a call: readline hands the next line to it, not to the command loop.
  approvals.line = (prompt, signal) =>
    new Promise((resolve) => {
      if (signal?.aborted) return resolve(undefined);
      const onAbort = (): void => resolve(undefined);
      signal?.addEventListener('abort', onAbort, { once: true });
      rl.question(prompt, signal ? { signal } : {}, (answer) => {
        signal?.removeEventListener('abort', onAbort);
        resolve(answer);
      });
    });
  const unsubscribe = toolset.onToolsChanged(() => term.out(c.dim(`\n(tools changed: ${toolset.names().length} tools)`)));
  rl.prompt();
  try {
    for await (const input of rl) {
      exitArmed = false;
      const line = parseShellLine(input);
      if (line.kind === 'exit') break;
      try {
        running = new AbortController();
        await runLine(line, toolset, term, running.signal);
      } catch (error) {
        term.err(c.red(escapeControlChars(error instanceof Error ? error.message : String(error))));
      } finally {
        running = undefined;
      }
      rl.prompt();
    }
  } finally {
    approvals.line = undefined;
    unsubscribe();
    rl.close();
  }
  return ExitCode.OK;
}
