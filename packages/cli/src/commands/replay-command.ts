import { resolve } from 'node:path';
import { readRecordFile, renderTimeline, ToolwrightError } from '@toolwright/sdk';
import type { RecordEntry } from '@toolwright/sdk';
import { formatReplayReport, recordedApprovals, replaySession } from '@toolwright/models';
import { flag } from '../args/parse-command-line.js';
import { CliError, ExitCode } from '../cli-error.js';
import { escapeControlChars } from '../format/escape-control-chars.js';
import type { PolicyFlags } from '../policy/policy-flags.js';
import type { CommandContext } from './command-context.js';
import { toolsetSource } from './command-context.js';

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** The policy flags of the command line when any is given, else the session's. */
function policyFlagsOf(given: PolicyFlags, recorded: unknown): PolicyFlags {
  if (given.mode !== undefined || given.allow.length + given.ask.length + given.deny.length > 0) return given;
  const r = (typeof recorded === 'object' && recorded !== null ? recorded : {}) as Record<string, unknown>;
  return { mode: text(r.mode), allow: strings(r.allow), ask: strings(r.ask), deny: strings(r.deny) };
}

async function readRecord(path: string): Promise<RecordEntry[]> {
  try {
    return await readRecordFile(path);
  } catch (error) {
    if (ToolwrightError.isInstance(error)) throw new CliError({ command: 'replay', message: error.message, cause: error });
    throw error;
  }
}

/**
 * `toolwright replay FILE`: re-runs a session recorded with `run --record` (or `Agent({ recorder })`).
 * The model's responses come from the record; each call goes through the toolset's policy now, its
 * result comes from the record or, with `--live-tools`, from running the tool. The toolset is the
 * session's (`--spec`, `--preset`, `--import`, policy flags as recorded) unless flags say otherwise;
 * approvals are answered as the record answered them. Prints the differences (a changed tool
 * schema first); exit 0 when there is none, 1 otherwise, 2 for a record that cannot be read.
 * `--show` prints the record as a timeline instead.
 */
export async function replayCommand(context: CommandContext): Promise<ExitCode> {
  const { term, line } = context;
  const cwd = term.io.cwd;
  const file = line.positionals[0]!;
  const record = await readRecord(resolve(cwd, file));
  const asJson = flag(line.values, 'json');
  if (flag(line.values, 'show')) {
    if (asJson) for (const entry of record) term.out(JSON.stringify(entry));
    else term.out(escapeControlChars(renderTimeline(record)));
    return ExitCode.OK;
  }
  const meta = record.find((e) => e.type === 'session')?.meta ?? {};
  if (meta.resumed === true) {
    throw new CliError({ command: 'replay', message: `${file} records a resumed run (run --resume): it starts from a saved state, so it cannot be replayed.`, hint: `Show it with: toolwright replay ${file} --show` });
  }
  const source = toolsetSource(line);
  // Approvals answered in the record are answered the same way; a record whose asks were left pending replays deferred.
  const answered = record.some((e) => e.type === 'approval' && e.answer !== undefined);
  const { openToolset } = await import('../toolset/open-toolset.js');
  const toolset = await openToolset({
    spec: source.spec ?? text(meta.spec),
    imports: source.imports.length > 0 ? source.imports : strings(meta.imports),
    preset: source.preset ?? text(meta.preset),
    groupsFile: source.groupsFile ?? text(meta.groupsFile),
    policyFlags: policyFlagsOf(source.policyFlags, meta.policyFlags),
    cwd,
    env: term.io.env,
    approval: answered ? recordedApprovals(record) : undefined,
    onWarning: (message) => term.errUntrusted(`toolwright: warning: ${message}`),
  });
  try {
    const agent = toolset.agent;
    if (!agent) throw new CliError({ command: 'replay', message: 'this toolset has no agent to replay with.', exitCode: ExitCode.INTERNAL });
    const report = await replaySession({ record, agent, liveTools: flag(line.values, 'live-tools') });
    if (asJson) term.out(JSON.stringify(report));
    else for (const row of formatReplayReport(report, file).split('\n')) term.out(escapeControlChars(row));
    return report.ok ? ExitCode.OK : ExitCode.ERROR_OBSERVATION;
  } finally {
    await toolset.close();
  }
}
