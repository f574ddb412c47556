import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { ExitCode } from '../cli-error.js';
import { exampleArguments, renderToolHelp } from '../format/tool-help.js';
import { escapeControlChars } from '../format/escape-control-chars.js';
import { renderToolTable } from '../format/tool-table.js';
import { ProgressLine } from '../io/progress-line.js';
import type { Terminal } from '../io/terminal.js';
import type { AskLine } from '../policy/approval-prompts.js';
import type { Toolset } from '../toolset/toolset.js';
import { createCompleter } from './shell-completer.js';

function shellHelp(term: Terminal): string {
  const c = term.c;
  return [
    c.bold('Shell commands:'),
    `  ${c.cyan('<tool> {json}')}   call a tool with JSON arguments (e.g. ${c.dim('glob {"pattern": "**/*.ts"}')}); no JSON = {}`,
    `  ${c.cyan('help <tool>')}     the tool's parameters, from its schema`,
    `  ${c.cyan('list')}            the tools`,
    `  ${c.cyan('exit')}            leave (or Ctrl-D)`,
    c.dim('Tab completes tool names (and, after a tool name, its required arguments). Ctrl-C cancels a running call.'),
  ].join('\n');
}

/** Splits `word rest` at the first run of whitespace. */
function splitLine(line: string): [string, string] {
  const match = /^(\S+)\s*([\s\S]*)$/.exec(line.trim());
  return match ? [match[1]!, match[2]!.trim()] : ['', ''];
}

/**
 * The interactive shell of `toolwright` on a terminal: lists the tools, completes tool names
 * with Tab, shows `help <tool>` from the schema, and runs `<tool> <json>` through the runtime,
 * showing the visualized Action and Observation — errors exactly as the model would read them.
 * A call the permission policy asks about is put to the user here (y/n/always), through this
 * shell's line editor (`approvals.line` is set while the shell runs).
 */
export async function runShell(toolset: Toolset, term: Terminal, approvals: { line?: AskLine } = {}): Promise<ExitCode> {
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
      const [word, rest] = splitLine(input);
      if (word === 'exit' || word === 'quit') break;
      if (word === 'help') {
        if (rest === '') term.out(shellHelp(term));
        else {
          const tool = toolset.tool(rest);
          const guess = toolset.suggest(rest);
          term.out(tool ? renderToolHelp(tool, toolset.originLabel(rest), c) : c.red(escapeControlChars(`Unknown tool '${rest}'.${guess ? ` Did you mean '${guess}'?` : ''}`)));
        }
      } else if (word === 'list') {
        term.out(renderToolTable(toolset.rows(), c, term.columns));
      } else if (word !== '') {
        running = new AbortController();
        const progress = new ProgressLine(term.io.stderr, c, word);
        const outcome = await toolset.execute(word, rest === '' ? {} : rest, { signal: running.signal, onProgress: (p) => progress.update(p) });
        progress.clear();
        running = undefined;
        if (outcome.action) term.outUntrusted(outcome.action.visualize());
        term.outUntrusted(outcome.observation.visualize());
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
