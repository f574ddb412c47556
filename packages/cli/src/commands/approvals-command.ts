import { hostname, userInfo } from 'node:os';
import { inboxEntryAltered } from '@toolwright/sdk/policy';
import type { ApprovalAnswer, ApprovalInbox, InboxEntry, InboxFilter } from '@toolwright/sdk/policy';
import { COMMANDS } from '../args/command-table.js';
import { flag, stringOption } from '../args/parse-command-line.js';
import { CliError, ExitCode } from '../cli-error.js';
import { openInbox } from '../inbox/open-inbox.js';
import type { Terminal } from '../io/terminal.js';
import type { CommandContext } from './command-context.js';

const ACTIONS = ['list', 'show', 'approve', 'reject'] as const;
type Action = (typeof ACTIONS)[number];
const STATES = ['pending', 'answered', 'withdrawn', 'all'] as const;

const usageError = (message: string): CliError => new CliError({ command: 'approvals', message, hint: `Usage: ${COMMANDS.approvals.usage}` });
/** A refused answer: the inbox said why (exit 1, like a call that ran and failed). */
const refusal = (message: string): CliError => new CliError({ command: 'approvals', message, exitCode: ExitCode.ERROR_OBSERVATION });

/** How long ago `iso` was, in words. */
function age(iso: string, now = Date.now()): string {
  const s = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  if (s < 60) return `${s} s ago`;
  if (s < 3600) return `${Math.round(s / 60)} min ago`;
  if (s < 86_400) return `${Math.round(s / 3600)} h ago`;
  return `${Math.round(s / 86_400)} d ago`;
}

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** Who answers from this command line (`cli user@host`). */
function answeredBy(): string {
  let user = 'unknown';
  try {
    user = userInfo().username;
  } catch {
    // no passwd entry (containers): the host is still useful
  }
  return `cli ${user}@${hostname()}`;
}

/** One entry for people: id, state, tool and arguments, then where it comes from and why it asks (text from the entry is shown, never obeyed). */
function printEntry(term: Terminal, entry: InboxEntry, full: boolean): void {
  const c = term.c;
  const state = entry.state === 'pending' ? c.yellow(entry.state) : entry.state === 'answered' ? c.green(entry.state) : c.dim(entry.state);
  const args = JSON.stringify(entry.request.arguments);
  term.outUntrusted(`${c.bold(entry.id)}  ${state}  ${c.cyan(entry.request.toolName)} ${full ? args : clip(args, 100)}`);
  term.outUntrusted(`  ${entry.source.kind} ${JSON.stringify(entry.source.label)} on ${entry.source.process}, ${age(entry.createdAt)}${entry.conversationId ? `, conversation ${entry.conversationId}` : ''}`);
  term.outUntrusted(`  ${full ? entry.request.reason : clip(entry.request.reason, 160)}`);
  if (full && entry.request.suggestedRules.length > 0 && !entry.request.bypassImmune && entry.request.askRule === undefined) term.outUntrusted(`  "always" adds ${entry.request.suggestedRules.join(', ')}`);
  if (full && entry.request.askRule !== undefined) term.outUntrusted(`  The ask rule ${entry.request.askRule} asks every time: "always" approves this call only.`);
  if (entry.state === 'answered' && entry.answer) {
    const reason = entry.answer.type === 'reject' && entry.answer.reason ? `: ${entry.answer.reason}` : '';
    term.outUntrusted(`  answered ${entry.answer.type}${reason}${entry.answeredBy ? ` by ${entry.answeredBy}` : ''}${entry.answeredAt ? `, ${age(entry.answeredAt)}` : ''}`);
  }
  if (full) term.out(`  binding ${entry.binding}`);
}

/** The answer `approve`/`reject` give, from the flags. */
function answerOf(action: 'approve' | 'reject', context: CommandContext): ApprovalAnswer {
  const { values } = context.line;
  const edit = stringOption(values, 'edit');
  const always = flag(values, 'always');
  const reason = stringOption(values, 'reason');
  if (action === 'reject') {
    if (edit !== undefined || always) throw usageError('--edit and --always go with approve, not reject.');
    return reason === undefined ? { type: 'reject' } : { type: 'reject', reason };
  }
  if (reason !== undefined) throw usageError('--reason goes with reject, not approve.');
  if (edit !== undefined && always) throw usageError('choose --edit JSON or --always, not both.');
  if (edit !== undefined) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(edit);
    } catch (error) {
      throw usageError(`--edit: expected the edited arguments as a JSON object, got invalid JSON (${(error as Error).message}).`);
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw usageError('--edit: expected the edited arguments as a JSON object.');
    return { type: 'edit', arguments: parsed as Record<string, unknown> };
  }
  return always ? { type: 'always' } : { type: 'approve' };
}

async function answerEntry(inbox: ApprovalInbox, action: 'approve' | 'reject', id: string, context: CommandContext): Promise<ExitCode> {
  const { term } = context;
  const answer = answerOf(action, context);
  const entry = await inbox.get(id);
  if (!entry) throw refusal(`there is no inbox entry ${JSON.stringify(id)}; 'toolwright approvals list' shows the pending ones.`);
  const altered = inboxEntryAltered(entry);
  if (altered) throw refusal(`${altered}.`);
  // --binding pins the answer to the entry as it was shown earlier (list --json / show print it).
  const binding = stringOption(context.line.values, 'binding') ?? entry.binding;
  let answered: InboxEntry;
  try {
    answered = await inbox.answer(id, binding, answer, answeredBy());
  } catch (error) {
    throw refusal(`${(error as Error).message}.`);
  }
  if (flag(context.line.values, 'json')) term.out(JSON.stringify(answered));
  else {
    const what = answer.type === 'approve' ? 'approved' : answer.type === 'reject' ? 'rejected' : answer.type === 'always' ? 'approved (always)' : 'approved with edited arguments';
    term.outUntrusted(`${what} ${answered.id}: ${answered.request.toolName} ${clip(JSON.stringify(answered.request.arguments), 100)}`);
    if (answer.type === 'always' && !entry.request.bypassImmune && entry.request.askRule === undefined && entry.request.suggestedRules.length > 0) term.outUntrusted(`  "always" adds ${entry.request.suggestedRules.join(', ')} to the waiting process's grants file`);
    if (answer.type === 'edit') term.err(term.c.dim('  The waiting call checks the edited arguments again (validation and permissions); if they still need approval, it asks again.'));
  }
  return ExitCode.OK;
}

/**
 * `toolwright approvals (list | show ID | approve ID | reject ID) [--inbox DIR|postgres://…]`: the
 * approvals inbox from the command line, so parked calls (of `serve --inbox`, `run --approve-via
 * inbox`, or any agent using `inboxApprovalHandler`) can be answered without the console. The
 * inbox is `--inbox`, else `TOOLWRIGHT_INBOX`, else `.toolwright/inbox`. Exit 0 done, 1 the inbox
 * refused the answer (unknown, already answered, withdrawn, altered, binding mismatch), 2 usage.
 */
export async function approvalsCommand(context: CommandContext): Promise<ExitCode> {
  const { term, line } = context;
  const [word, id] = line.positionals;
  if (!(ACTIONS as readonly string[]).includes(word ?? '')) throw usageError(`expected list, show, approve or reject, got '${(word ?? '').slice(0, 40)}'.`);
  const action = word as Action;
  if (action === 'list' && id !== undefined) throw usageError('list takes no ID (show ID shows one entry).');
  if (action !== 'list' && id === undefined) throw usageError(`${action} needs the entry ID ('toolwright approvals list' shows them).`);
  const state = stringOption(line.values, 'state');
  if (state !== undefined && (action !== 'list' || !(STATES as readonly string[]).includes(state))) {
    throw usageError(action !== 'list' ? '--state goes with list.' : `--state: expected ${STATES.join(', ')}, got '${state.slice(0, 40)}'.`);
  }
  let opened;
  try {
    opened = await openInbox(stringOption(line.values, 'inbox'), { cwd: term.io.cwd, env: term.io.env, onProblem: (message) => term.errUntrusted(term.c.yellow(`toolwright: warning: ${message}`)) });
  } catch (error) {
    throw usageError((error as Error).message);
  }
  const { inbox, location } = opened;
  try {
    if (action === 'approve' || action === 'reject') return await answerEntry(inbox, action, id!, context);
    if (action === 'show') {
      const entry = await inbox.get(id!);
      if (!entry) throw refusal(`there is no inbox entry ${JSON.stringify(id)} in ${location}.`);
      if (flag(line.values, 'json')) term.out(JSON.stringify(entry));
      else printEntry(term, entry, true);
      const altered = inboxEntryAltered(entry);
      if (altered) term.errUntrusted(term.c.red(`toolwright: ${altered}.`));
      return ExitCode.OK;
    }
    const filter: InboxFilter = state === 'all' ? {} : { state: (state ?? 'pending') as InboxFilter['state'] };
    const entries = await inbox.list(filter);
    if (flag(line.values, 'json')) {
      term.out(JSON.stringify(entries));
      return ExitCode.OK;
    }
    if (entries.length === 0) {
      term.err(term.c.dim(`No ${state === 'all' ? '' : `${state ?? 'pending'} `}entries in the approvals inbox ${location}.`));
      return ExitCode.OK;
    }
    for (const entry of entries) printEntry(term, entry, false);
    if (filter.state === 'pending') term.err(term.c.dim(`Answer with: toolwright approvals approve ID | reject ID [--reason TEXT]${line.values.inbox === undefined ? '' : ' --inbox …'}`));
    return ExitCode.OK;
  } finally {
    await inbox.close();
  }
}
