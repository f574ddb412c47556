import { observationText } from '@toolwright/sdk';
import type { RecordEntry, SerializedObservation } from '@toolwright/sdk';
import { recordedCalls, recordedToolHashes } from './recorded-calls.js';
import type { RecordedCall } from './recorded-calls.js';
import type { ReplayDifference } from './replay-difference.js';

/** JSON with sorted keys (two values print the same exactly when they are the same JSON). */
function stable(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    return `{${Object.keys(record).filter((k) => record[k] !== undefined).sort().map((k) => `${JSON.stringify(k)}:${stable(record[k])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** An Observation without its class name (a replayed one may come back as the base class). */
function comparable(observation: SerializedObservation | undefined, pending: boolean): string {
  if (!observation) return 'none';
  const { kind: _kind, ...rest } = observation;
  return stable({ ...rest, pending });
}

const describeDecision = (d: RecordedCall['decision']): string => (d ? `${d.behavior}${d.reason ? ` (${d.reason}${d.rule ? `: ${d.rule}` : ''})` : ''}` : 'none (no policy decision)');
const describeApprovals = (list: RecordedCall['approvals']): string => (list.length === 0 ? 'none asked' : list.map((a) => a?.type ?? 'pending').join(', '));
function describeObservation(call: RecordedCall): string {
  const o = call.observation;
  if (!o) return 'no result';
  if (call.pending) return 'pending (waits for approval)';
  const text = observationText(o);
  return `${o.isError ? `error${o.errorCode ? ` ${o.errorCode}` : ''}: ` : ''}${text.length > 200 ? `${text.slice(0, 199)}…` : text}`;
}

/** The tools whose schema changed or that are gone: hashes of the record against `current` (name → hash; undefined: no such tool). */
export function schemaDifferences(record: readonly RecordEntry[], current: (name: string) => string | undefined): ReplayDifference[] {
  const out: ReplayDifference[] = [];
  for (const [tool, hash] of recordedToolHashes(record)) {
    const now = current(tool);
    if (now === undefined) out.push({ kind: 'tool-missing', tool, recorded: hash, message: `tool ${tool}: recorded with schema ${hash}, no longer exists` });
    else if (now !== hash) out.push({ kind: 'schema', tool, recorded: hash, replayed: now, message: `tool ${tool}: schema changed ${hash} → ${now}` });
  }
  return out;
}

/**
 * The differences of decisions, approvals and Observations between a record and the record of
 * its replay, by call id in the record's order, then the replay's extra calls. Timings and event
 * ids are not compared; nor is an Observation's class name.
 */
export function diffCalls(recorded: readonly RecordEntry[], replayed: readonly RecordEntry[]): ReplayDifference[] {
  const before = recordedCalls(recorded);
  const after = recordedCalls(replayed);
  const out: ReplayDifference[] = [];
  for (const [id, was] of before) {
    const now = after.get(id);
    const tool = was.tool;
    if (!now) {
      out.push({ kind: 'call-missing', id, tool, recorded: was.arguments, message: `call ${id} ${tool}: in the record, not made in the replay` });
      continue;
    }
    if (stable(was.decision) !== stable(now.decision)) {
      out.push({ kind: 'decision', id, tool, recorded: was.decision, replayed: now.decision, message: `call ${id} ${tool}: decision ${describeDecision(was.decision)} → ${describeDecision(now.decision)}` });
    }
    if (stable(was.approvals) !== stable(now.approvals)) {
      out.push({ kind: 'approval', id, tool, recorded: was.approvals, replayed: now.approvals, message: `call ${id} ${tool}: approvals ${describeApprovals(was.approvals)} → ${describeApprovals(now.approvals)}` });
    }
    if (comparable(was.observation, was.pending) !== comparable(now.observation, now.pending)) {
      out.push({ kind: 'observation', id, tool, recorded: was.observation, replayed: now.observation, message: `call ${id} ${tool}: result changed\n    recorded: ${describeObservation(was)}\n    replayed: ${describeObservation(now)}` });
    }
  }
  for (const [id, now] of after) {
    if (!before.has(id)) out.push({ kind: 'call-extra', id, tool: now.tool, replayed: now.arguments, message: `call ${id} ${now.tool}: made in the replay, not in the record` });
  }
  return out;
}
