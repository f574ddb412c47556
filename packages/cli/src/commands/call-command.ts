import type { ClientLogLevel } from '@toolwright/sdk';
import { turnValuesOf } from '../args/context-values.js';
import { flag, stringOption } from '../args/parse-command-line.js';
import { parseJsonArguments, parseTimeout } from '../args/parse-json-arguments.js';
import { readArgumentsText } from '../args/read-arguments-text.js';
import { ExitCode } from '../cli-error.js';
import { escapeControlChars } from '../format/escape-control-chars.js';
import { renderContent } from '../format/render-content.js';
import { ProgressLine } from '../io/progress-line.js';
import type { CallOutcome } from '../toolset/opened-toolset.js';
import type { CommandContext } from './command-context.js';
import { unknownTool, withToolset } from './command-context.js';
import { refuseWithoutTerminal, stdinLine, terminalApproval } from '../policy/approval-prompts.js';
import { terminalAnswers } from '../server-requests/terminal-answers.js';
import { NO_TERMINAL, unattendedAnswers } from '../server-requests/unattended-answers.js';

/** The `call --json` document. */
function callJson(tool: string, outcome: CallOutcome): Record<string, unknown> {
  const { observation, events } = outcome;
  const out: Record<string, unknown> = { tool, isError: observation.isError };
  if (observation.errorCode !== undefined) out.errorCode = observation.errorCode;
  out.content = observation.toLlmContent();
  out.observation = observation.toJSON();
  out.events = events.map((e) => e.toJSON());
  return out;
}

/** One `ctx.log` message as a line of stderr: `[tool] level: text` (data that is not text as JSON). */
function logLine(tool: string, level: ClientLogLevel, data: unknown): string {
  let text: string;
  try {
    text = typeof data === 'string' ? data : (JSON.stringify(data) ?? String(data));
  } catch {
    text = String(data);
  }
  return `[${tool}] ${level}: ${text}`;
}

/**
 * `toolwright call TOOL ['JSON' | - | @FILE] [--json] [--timeout S] [--verbose] [--context k=v]...`:
 * one call through the runtime, in a turn whose context is the `--context` values (the spec's
 * toolsets resolved for them, as `list --context` shows: TOOL may be any tool of that view, and an
 * unknown TOOL is told that view's names), with the arguments inline, from stdin (`-`) or from a
 * file (`@FILE`). stdout
 * gets what the model would read (visualized on a terminal, plain text in a pipe, or JSON); the
 * visualized Action goes to stderr on a terminal, as does progress (and, with `--verbose`, the
 * tool's log messages). Ctrl-C cancels the call
 * (a second Ctrl-C quits at once). Exit 0 on success, 1 on an error observation, 2 on a usage
 * or spec error, 130 when interrupted.
 */
export async function callCommand(context: CommandContext): Promise<ExitCode> {
  const { term, line } = context;
  const [name, source] = line.positionals as [string, string | undefined];
  const args = parseJsonArguments(name, await readArgumentsText(source, term.io.stdin, term.io.cwd));
  const timeoutMs = parseTimeout(stringOption(line.values, 'timeout'));
  const asJson = flag(line.values, 'json');
  const verbose = flag(line.values, 'verbose');
  const values = turnValuesOf(line, 'call');
  // A person at a terminal answers y/n/always; without one an ask is a refusal naming the rule to add.
  const attended = term.io.stdin.isTTY === true && term.io.stderr.isTTY === true;
  const approval = attended ? terminalApproval(term) : refuseWithoutTerminal;
  // Spec servers' sampling and elicitation: the same person answers, or nobody (declined, saying why).
  const serverRequests = attended ? terminalAnswers(term, stdinLine(term)) : unattendedAnswers((message) => term.errUntrusted(`toolwright: warning: ${message}`), NO_TERMINAL);
  return withToolset({ ...context, openToolset: () => context.openToolset({ approval, serverRequests }) }, async (toolset) => {
    await toolset.startTurns(values);
    // A tool hidden this turn (an inactive group's) is called anyway: the runtime's answer says how to reach it.
    if (!toolset.tool(name) && toolset.hiddenMessage(name) === undefined) throw unknownTool(name, toolset);
    const controller = new AbortController();
    let interrupted = false;
    const onSigint = (): void => {
      if (interrupted) process.exit(ExitCode.INTERRUPTED);
      interrupted = true;
      progress.clear();
      term.err(term.c.yellow(`Interrupted: cancelling '${name}' (Ctrl-C again to quit at once).`));
      controller.abort();
    };
    const progress = new ProgressLine(term.io.stderr, term.c, name);
    process.on('SIGINT', onSigint);
    let outcome: CallOutcome;
    try {
      // A tool's logs are in the call's events either way; --verbose also shows them as they come.
      const client = verbose ? { log: (level: ClientLogLevel, data: unknown) => (progress.clear(), term.errUntrusted(logLine(name, level, data))) } : undefined;
      outcome = await toolset.execute(name, args, { signal: controller.signal, timeoutMs, onProgress: (p) => progress.update(p), client });
    } finally {
      process.off('SIGINT', onSigint);
      progress.clear();
    }
    const { observation, action } = outcome;
    if (asJson) {
      term.out(JSON.stringify(callJson(name, outcome), null, 2));
    } else if (term.io.stdout.isTTY) {
      if (action && term.io.stderr.isTTY) term.errUntrusted(action.visualize());
      term.outUntrusted(observation.visualize());
    } else {
      term.out(escapeControlChars(renderContent(observation.toLlmContent())));
    }
    if (interrupted) return ExitCode.INTERRUPTED;
    return observation.isError ? ExitCode.ERROR_OBSERVATION : ExitCode.OK;
  });
}
