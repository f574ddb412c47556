import type { ModelToolCall, RunResult, StepEvent, ToolResult } from '@toolwright/models';
import type { PendingApproval } from '@toolwright/sdk/policy';
import { escapeControlChars } from '../format/escape-control-chars.js';
import { renderContent } from '../format/render-content.js';
import type { Terminal } from '../io/terminal.js';
import { Spinner } from './spinner.js';

/** One line of at most `max` characters (newlines and runs of blanks folded). */
export function summarize(text: string, max = 80): string {
  const line = escapeControlChars(text).replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** A call's arguments for `--json`: the parsed object when they are JSON, else the text the model wrote. */
function argumentsValue(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * What `toolwright run` shows while the loop runs. Text mode: the assistant's text streams to
 * stdout; each tool call goes to stderr when the model's step ends (`→ name args`), a spinner
 * runs while the calls run (TTY only), then `← name ok|error 12 ms: result`. JSON mode: one JSON
 * object per line on stdout (`text`, `call`, `result`, `pending`, `step`, `done`).
 */
export class RunDisplay {
  private readonly spinner: Spinner;
  private textEndsLine = true;
  private dispatched = 0;

  constructor(
    private readonly term: Terminal,
    private readonly json: boolean,
  ) {
    this.spinner = new Spinner(term.io.stderr);
  }

  private event(value: Record<string, unknown>): void {
    this.term.io.stdout.write(`${JSON.stringify(value)}\n`);
  }

  /** Ends the assistant's text line before anything else is shown. */
  private breakText(): void {
    if (this.textEndsLine) return;
    this.term.io.stdout.write('\n');
    this.textEndsLine = true;
  }

  /** A fragment of the assistant's text, as it streams. */
  text(chunk: string): void {
    if (chunk === '') return;
    if (this.json) return this.event({ type: 'text', text: chunk });
    this.term.io.stdout.write(escapeControlChars(chunk));
    this.textEndsLine = chunk.endsWith('\n');
  }

  /** The model's step ended with these calls: they run now. */
  calls(step: number, calls: readonly ModelToolCall[]): void {
    if (calls.length === 0) return;
    this.dispatched = performance.now();
    if (this.json) {
      for (const call of calls) this.event({ type: 'call', step, id: call.id, name: call.name, arguments: argumentsValue(call.arguments) });
      return;
    }
    this.breakText();
    const c = this.term.c;
    for (const call of calls) this.term.err(`${c.cyan('→')} ${c.bold(escapeControlChars(call.name || '(no name)'))} ${c.dim(summarize(call.arguments))}`);
    this.spinner.start(`running ${calls.map((call) => escapeControlChars(call.name)).join(', ')}`);
  }

  /** Stops the spinner (before a prompt at the terminal). */
  pause(): void {
    this.spinner.stop();
  }

  private result(step: number, result: ToolResult, durationMs: number): void {
    const { observation } = result;
    const text = renderContent(observation.toLlmContent());
    if (this.json) {
      this.event({ type: 'result', step, id: result.id, name: result.name, isError: observation.isError, ...(observation.errorCode === undefined ? {} : { errorCode: observation.errorCode }), text, durationMs });
      return;
    }
    const c = this.term.c;
    const status = observation.isError ? c.red('error') : c.green('ok');
    this.term.err(`${c.cyan('←')} ${c.bold(escapeControlChars(result.name))} ${status} ${durationMs} ms: ${summarize(text)}`);
  }

  private pending(step: number, pending: PendingApproval): void {
    const { request } = pending;
    if (this.json) {
      this.event({ type: 'pending', step, id: request.toolCallId, name: request.toolName, arguments: request.arguments, reason: request.reason });
      return;
    }
    this.term.err(`${this.term.c.yellow('⏸')} ${this.term.c.bold(escapeControlChars(request.toolName))} waits for approval (${escapeControlChars(request.toolCallId)}): ${summarize(request.reason, 120)}`);
  }

  /** A step ended: its results (duration: from the model's step end to the results), its pending approvals. */
  step(event: StepEvent): void {
    this.spinner.stop();
    const durationMs = this.dispatched === 0 ? 0 : Math.round(performance.now() - this.dispatched);
    this.dispatched = 0;
    for (const result of event.results) this.result(event.step, result, durationMs);
    for (const pending of event.pending) this.pending(event.step, pending);
    if (this.json) this.event({ type: 'step', step: event.step, finishReason: event.finishReason, calls: event.calls.length, usage: event.usage });
  }

  /** The run ended. */
  done(result: RunResult, exitCode: number, stateFile: string | undefined): void {
    this.spinner.stop();
    if (this.json) {
      this.event({ type: 'done', status: result.status, text: result.text, steps: result.steps.length, usage: result.usage, exitCode, ...(stateFile === undefined ? {} : { stateFile }) });
      return;
    }
    this.breakText();
  }
}
