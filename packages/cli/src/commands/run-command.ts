import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { relative, resolve } from 'node:path';
import { emptyUsage, runTools } from '@toolwright/models';
import type { RunResult, RunState, StepEvent } from '@toolwright/models';
import { ToolwrightError } from '@toolwright/sdk';
import type { Agent } from '@toolwright/sdk';
import type { ApprovalHandler } from '@toolwright/sdk/policy';
import { contextValues } from '../args/context-values.js';
import { flag, listOption, stringOption } from '../args/parse-command-line.js';
import { parseTimeout } from '../args/parse-json-arguments.js';
import { CliError, ExitCode } from '../cli-error.js';
import { escapeControlChars } from '../format/escape-control-chars.js';
import { ruleToAdd, terminalApproval } from '../policy/approval-prompts.js';
import { modelFromFlag } from '../run/model-from-flag.js';
import { RunDisplay } from '../run/run-display.js';
import { closeRunRecorder, failRunRecorder, openRunRecorder } from '../run/run-recorder.js';
import { readPolicyFlags } from '../policy/policy-flags.js';
import { DEFAULT_STATE_FILE, readRunStateFile, writeRunStateFile } from '../run/run-state-file.js';
import type { CliRunStateFile } from '../run/run-state-file.js';
import { terminalAnswers } from '../server-requests/terminal-answers.js';
import { NO_TERMINAL, unattendedAnswers } from '../server-requests/unattended-answers.js';
import { stdinLine } from '../policy/approval-prompts.js';
import type { CommandContext } from './command-context.js';
import { inboxApprovalHandler, processLabel } from '@toolwright/sdk/policy';
import { openInbox } from '../inbox/open-inbox.js';
import { withToolset } from './command-context.js';

/** Default `--max-steps`. */
export const DEFAULT_MAX_STEPS = 10;

const usageError = (message: string): CliError => new CliError({ command: 'run', message, hint: 'Usage: toolwright run "TASK" --model PROVIDER:MODEL … | toolwright run --resume F [--approve ID]... [--reject ID]...' });

function parseMaxSteps(text: string | undefined): number {
  if (text === undefined) return DEFAULT_MAX_STEPS;
  const n = Number(text);
  if (!/^\d+$/.test(text.trim()) || !Number.isSafeInteger(n) || n < 1) throw usageError(`--max-steps: expected a positive whole number, got '${text}'.`);
  return n;
}

/** Applies `--approve ID` / `--reject ID` (`all`: every pending call) to a resumed state. */
function answer(state: RunState, approve: readonly string[], reject: readonly string[]): void {
  const ids = (list: readonly string[]): string[] => list.flatMap((id) => (id === 'all' ? state.pending.map((p) => p.request.toolCallId) : [id]));
  const approved = ids(approve);
  const rejected = ids(reject);
  const both = approved.find((id) => rejected.includes(id));
  if (both !== undefined) throw usageError(`call ${both} is both approved and rejected.`);
  try {
    for (const id of approved) state.approve(id);
    for (const id of rejected) state.reject(id, 'The user rejected this call (toolwright run --reject).');
  } catch (error) {
    if (ToolwrightError.isInstance(error)) throw usageError(error.message.replace(/^RunState\.(approve|reject): /, `--${'$1'}: `));
    throw error;
  }
}

/** `agent` with its `resume` showing each resumed call's result (as step `state.step`) as it finishes. */
function showingResumedCalls(agent: Agent, state: RunState, display: RunDisplay): Agent {
  const resume: Agent['resume'] = async (pending, answers, options) => {
    const pendingOf = (id: string) => pending.find((p) => p.request.toolCallId === id);
    const asked = state.calls.filter((c) => pendingOf(c.id) !== undefined);
    display.calls(state.step, asked.map((c) => ({ ...c, arguments: JSON.stringify(pendingOf(c.id)?.request.arguments ?? {}) })));
    const results = await agent.resume(pending, answers, options);
    const event: StepEvent = { type: 'step', step: state.step, text: '', calls: [], results: [], pending: [], usage: emptyUsage(), finishReason: 'resumed' };
    pending.forEach((p, i) => {
      const r = results[i];
      if (r?.pending) event.pending.push(r.pending);
      else if (r) event.results.push({ id: p.request.toolCallId, name: p.request.toolName, observation: r.observation });
    });
    display.step(event);
    return results;
  };
  return new Proxy(agent, {
    get(target, property) {
      if (property === 'resume') return resume;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** How the run ended, as an exit code. */
function exitCodeOf(result: RunResult): ExitCode {
  switch (result.status) {
    case 'done':
    case 'stopped':
      return ExitCode.OK;
    case 'interrupted':
      return ExitCode.AWAITING_APPROVAL;
    case 'aborted':
      return ExitCode.INTERRUPTED;
    case 'max-steps':
      return ExitCode.ERROR_OBSERVATION;
  }
}

/** The lines telling how to continue a run saved in `shown` (a path as the user would type it). */
function resumeHelp(result: RunResult, shown: string): string[] {
  const ids = result.interruptions.map((p) => p.request.toolCallId);
  const lines = [`Saved the run to ${shown}. To continue, with the same --spec/--preset/policy flags:`];
  lines.push(`  toolwright run --resume ${shown} ${ids.map((id) => `--approve ${id}`).join(' ')}`);
  lines.push(`  (or --reject ID; --approve all / --reject all answer every pending call; at a terminal, unanswered calls are asked)`);
  for (const p of result.interruptions) if (!p.request.bypassImmune) lines.push(`To allow calls like ${p.request.toolCallId} without asking, add ${ruleToAdd(p.request)}.`);
  return lines;
}

/**
 * `toolwright run "TASK" --model PROVIDER:MODEL`: a model works on TASK with the toolset of
 * `--spec`/`--preset`/`--import` under the policy flags (the same as `call`), through
 * `@toolwright/models`' `runTools`. The assistant's text streams to stdout, each tool call shows on
 * stderr (or everything as JSON lines with `--json`). At a terminal a policy ask is a y/n/always
 * prompt; without one the run stops, saves its state (`--state-file`, mode 0600) and says how to
 * `--resume` it with `--approve`/`--reject`. Exit 0 done, 1 step limit or model failure, 2 usage,
 * 3 waiting for approval, 130 Ctrl-C.
 */
export async function runCommand(context: CommandContext): Promise<ExitCode> {
  const { term, line } = context;
  const cwd = term.io.cwd;
  const env = term.io.env;
  const resumePath = stringOption(line.values, 'resume');
  const task = line.positionals[0];
  if (resumePath !== undefined && task !== undefined) throw usageError('give either a TASK (a new run) or --resume F (a saved one), not both.');
  if (resumePath === undefined && task === undefined) throw usageError('what should the model do? Give the task: toolwright run "TASK" --model PROVIDER:MODEL.');
  const approve = listOption(line.values, 'approve');
  const reject = listOption(line.values, 'reject');
  if (resumePath === undefined && approve.length + reject.length > 0) throw usageError('--approve and --reject answer the pending calls of a saved run: use them with --resume F.');
  const maxSteps = parseMaxSteps(stringOption(line.values, 'max-steps'));
  const asJson = flag(line.values, 'json');
  const statePath = resolve(cwd, stringOption(line.values, 'state-file') ?? resumePath ?? DEFAULT_STATE_FILE);

  let saved: { file: CliRunStateFile; state: RunState } | undefined;
  if (resumePath !== undefined) {
    saved = await readRunStateFile(resolve(cwd, resumePath));
    answer(saved.state, approve, reject);
  }
  const modelFlag = stringOption(line.values, 'model') ?? saved?.file.model;
  if (modelFlag === undefined) throw usageError('--model PROVIDER:MODEL is required (e.g. --model openai:gpt-4.1-mini).');
  const baseUrl = stringOption(line.values, 'base-url') ?? saved?.file.baseUrl;
  const model = modelFromFlag(modelFlag, baseUrl, env, parseTimeout(stringOption(line.values, 'model-timeout'), '--model-timeout'));
  const conversationId = saved?.file.conversationId ?? randomUUID();
  // --context: the turn's values (the spec's toolsets' when:), for every step; a resume keeps the run's unless it gives its own.
  const contextTexts = listOption(line.values, 'context');
  const turnValues = contextTexts.length > 0 ? contextValues(contextTexts, 'run') : { ...saved?.file.context };

  const display = new RunDisplay(term, asJson);
  const recordPath = stringOption(line.values, 'record');
  const recorder = recordPath === undefined ? undefined : openRunRecorder(recordPath, { command: 'run', task, model: modelFlag, baseUrl, spec: stringOption(line.values, 'spec'), preset: stringOption(line.values, 'preset'), imports: listOption(line.values, 'import'), groupsFile: stringOption(line.values, 'groups-file'), policyFlags: readPolicyFlags(line.values), cwd, maxSteps, resumed: saved !== undefined });
  // A person at a terminal answers asks; without one the agent defers them and the run stops to be resumed.
  const attended = term.io.stdin.isTTY === true && term.io.stderr.isTTY === true;
  const prompt = terminalApproval(term);
  // --approve-via inbox: each ask waits in the approvals inbox for an answer from another process
  // ('toolwright approvals', the console), whether or not there is a terminal; the run goes on.
  const approveVia = stringOption(line.values, 'approve-via');
  if (approveVia !== undefined && approveVia !== 'inbox') throw usageError(`--approve-via: expected inbox, got '${approveVia.slice(0, 40)}'.`);
  if (approveVia === undefined && line.values.inbox !== undefined) throw usageError('--inbox goes with --approve-via inbox.');
  const parked = approveVia === undefined ? undefined : await openInbox(stringOption(line.values, 'inbox'), { cwd, env, onProblem: (message) => term.errUntrusted(`toolwright: warning: ${message}`) }).catch((error: Error) => {
    throw usageError(error.message);
  });
  const runLabel = (task ?? `resumed ${resumePath!}`).slice(0, 200);
  const inboxApproval = parked && inboxApprovalHandler(parked.inbox, { kind: 'run', label: runLabel, process: processLabel() }, {
    conversationId,
    onPosted: (entry) => {
      display.pause();
      term.errUntrusted(`⏸ ${entry.request.toolName} waits for approval in the inbox ${parked.location} (entry ${entry.id}): toolwright approvals approve ${entry.id}${line.values.inbox === undefined ? '' : ' --inbox …'}`);
    },
  });
  const approval: ApprovalHandler | undefined = inboxApproval ? inboxApproval : attended ? (request, ctx) => (display.pause(), prompt(request, ctx)) : undefined;
  const serverRequests = attended ? terminalAnswers(term, stdinLine(term)) : unattendedAnswers((message) => term.errUntrusted(`toolwright: warning: ${message}`), NO_TERMINAL);

  const running = withToolset({ ...context, openToolset: () => context.openToolset({ approval, serverRequests, conversationId }) }, async (toolset) => {
    const agent = toolset.agent;
    if (!agent) throw new CliError({ command: 'run', message: 'this toolset has no agent to run a model with.', exitCode: ExitCode.INTERNAL });
    // --record: the agent writes its tools, calls, decisions and results; runTools the model's turns.
    if (recorder) agent.recordTo(recorder);
    if (saved && saved.state.pending.length > 0 && !agent.policy) {
      throw usageError('the saved run waits for approvals, but this toolset has no policy: resume with the same --spec and policy flags (--ask, --allow, --deny, --mode) as the run.');
    }
    const controller = new AbortController();
    let interrupts = 0;
    const onSigint = (): void => {
      if (++interrupts > 1) process.exit(ExitCode.INTERRUPTED);
      display.pause();
      term.err(term.c.yellow('Interrupted: stopping the run (Ctrl-C again to quit at once).'));
      controller.abort();
    };
    let stepNumber = saved ? saved.state.step + 1 : 0;
    // Set when the model request itself rejected (a network error is no ToolwrightError, yet no internal error either).
    let modelFailed = false;
    const watched = {
      dialect: model.dialect,
      request: async (request: Parameters<typeof model.request>[0]) => {
        const turn = await model.request(request).catch((error: unknown) => {
          modelFailed = true;
          throw error;
        });
        stepNumber++;
        display.calls(stepNumber, turn.calls);
        return turn;
      },
    };
    if (Object.keys(turnValues).length > 0) await toolset.startTurns(turnValues);
    // A resumed run's answered calls run inside runTools before any step: show their results too.
    const shown = saved && saved.state.pending.length > 0 ? showingResumedCalls(agent, saved.state, display) : agent;
    process.on('SIGINT', onSigint);
    let result: RunResult;
    try {
      result = await runTools({
        model: watched,
        agent: shown,
        ...(saved ? { state: saved.state } : { input: task! }),
        maxSteps,
        turnValues,
        signal: controller.signal,
        onText: (text) => display.text(text),
        onStep: (step) => {
          stepNumber = step.step;
          display.step(step);
        },
      });
    } catch (error) {
      display.pause();
      // The record ends with the failure (its model-error line says which request failed and how).
      if (recorder) await failRunRecorder(recorder, error);
      if (ToolwrightError.isInstance(error) && error.code !== 'INVALID_ARGUMENTS') {
        throw new CliError({ command: 'run', message: `the model request failed: ${error.message}`, exitCode: ExitCode.ERROR_OBSERVATION, cause: error });
      }
      if (modelFailed && error instanceof Error) {
        const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
        throw new CliError({ command: 'run', message: `the model request failed: ${error.message}${cause}`, exitCode: ExitCode.ERROR_OBSERVATION, cause: error });
      }
      throw error;
    } finally {
      process.off('SIGINT', onSigint);
    }
    if (recorder) await closeRunRecorder(recorder, result);
    const code = exitCodeOf(result);
    let savedTo: string | undefined;
    // Waiting for approval, or cancelled with Ctrl-C: the state is saved to continue with --resume.
    if ((result.status === 'interrupted' || result.status === 'aborted') && result.state) {
      const context = Object.keys(turnValues).length > 0 ? { context: turnValues } : {};
      await writeRunStateFile(statePath, { model: modelFlag, ...(baseUrl === undefined ? {} : { baseUrl }), conversationId, ...context, state: result.state.toJSON() });
      savedTo = statePath;
    } else if (saved) {
      // Every saved approval was answered (each envelope answers once): the file is spent.
      await rm(resolve(cwd, resumePath!), { force: true });
    }
    display.done(result, code, savedTo);
    if (!asJson) {
      const c = term.c;
      const tokens = `${result.usage.inputTokens} in, ${result.usage.outputTokens} out`;
      if (result.status === 'max-steps') term.err(c.yellow(`Stopped at the step limit (${maxSteps}): the model still calls tools. Raise --max-steps to let it go on. (${tokens} tokens)`));
      else if (result.status === 'aborted') {
        const rel = savedTo === undefined ? undefined : relative(cwd, savedTo);
        const shownPath = rel === undefined ? undefined : rel.startsWith('..') ? savedTo : rel;
        term.err(c.yellow(`Run cancelled. (${tokens} tokens)`));
        if (shownPath !== undefined) {
          term.err(escapeControlChars(`Saved the run to ${shownPath}. To continue, with the same --spec/--preset/policy flags:`));
          term.err(escapeControlChars(`  toolwright run --resume ${shownPath}`));
        }
      }
      else if (result.status === 'interrupted' && savedTo !== undefined) {
        const rel = relative(cwd, savedTo);
        for (const text of resumeHelp(result, rel.startsWith('..') ? savedTo : rel)) term.err(escapeControlChars(text));
      } else term.err(c.dim(`${result.steps.length} step${result.steps.length === 1 ? '' : 's'}, ${tokens} tokens`));
    }
    return code;
  });
  return parked ? running.finally(() => parked.inbox.close()) : running;
}
