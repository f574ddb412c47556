import { turnValuesOf } from '../args/context-values.js';
import { ExitCode } from '../cli-error.js';
import { escapeControlChars } from '../format/escape-control-chars.js';
import { renderToolTable } from '../format/tool-table.js';
import { terminalApproval } from '../policy/approval-prompts.js';
import type { AskLine } from '../policy/approval-prompts.js';
import { terminalAnswers } from '../server-requests/terminal-answers.js';
import type { CommandContext } from './command-context.js';
import { withToolset } from './command-context.js';

/** The line printed after the tool list when there is no terminal to talk to. */
export const NON_INTERACTIVE_USAGE =
  "Usage: toolwright call TOOL 'JSON' | toolwright schema --format openai | toolwright serve --stdio | toolwright help — run on a terminal for the interactive shell.";

/**
 * `toolwright` with no command: the interactive shell when stdin and stdout are terminals;
 * otherwise the tool list and a usage line, exit 0, so scripts and CI never wait for input.
 * The tools are a turn's view for `--context key=value` (the spec's toolsets resolved for it);
 * every call ends a turn, so tool groups activated by `reset_tools` show in the next one.
 */
export function shellCommand(context: CommandContext): Promise<ExitCode> {
  const { term, line } = context;
  const values = turnValuesOf(line, 'shell');
  // Approvals are asked through the shell's own line editor once it runs (the same y/n/always as `call`).
  const asker: { line?: AskLine } = {};
  const approval = terminalApproval(term, (prompt, signal) => (asker.line ? asker.line(prompt, signal) : Promise.resolve(undefined)));
  // Spec servers' sampling and elicitation are asked through the same line editor.
  const serverRequests = terminalAnswers(term, (prompt, signal) => (asker.line ? asker.line(prompt, signal) : Promise.resolve(undefined)));
  const opened = term.interactive ? { ...context, openToolset: () => context.openToolset({ approval, serverRequests }) } : context;
  return withToolset(opened, async (toolset) => {
    // A later turn's toolset error (e.g. two toolsets now offering one name) is told; the tools stay as they were.
    const onTurnError = (error: unknown): void => term.err(term.c.yellow(`toolwright: the next turn's tools could not be resolved, the tools stay as they were: ${escapeControlChars(error instanceof Error ? error.message : String(error))}`));
    await toolset.startTurns(values, { afterEachCall: true, onTurnError });
    if (!term.interactive) {
      term.out(renderToolTable(toolset.rows(), term.c, term.columns));
      term.out('');
      term.out(NON_INTERACTIVE_USAGE);
      return ExitCode.OK;
    }
    const { runShell } = await import('../shell/interactive-shell.js');
    return runShell(toolset, term, asker);
  });
}
