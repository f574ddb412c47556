import type { ApprovalEntry, RecordEntry, SerializedObservation } from '@toolwright/sdk';

/** An approval's answer as a record keeps it. */
export type RecordedAnswer = NonNullable<ApprovalEntry['answer']>;

/** What a record says about one tool call. */
export interface RecordedCall {
  id: string;
  tool: string;
  arguments: unknown;
  /** The permission decision (the last one, for a call resumed after an approval). */
  decision?: { behavior: string; reason?: string; rule?: string };
  /** The answers of the approvals asked, in order (undefined: left pending). */
  approvals: (RecordedAnswer | undefined)[];
  /** The last Observation (a resumed call's, not its pending placeholder). */
  observation?: SerializedObservation;
  /** True when the call's last outcome was "waits for approval". */
  pending: boolean;
}

/** The calls of a record by id, in the order they were first made. */
export function recordedCalls(record: readonly RecordEntry[]): Map<string, RecordedCall> {
  const calls = new Map<string, RecordedCall>();
  const of = (id: string, tool: string): RecordedCall => {
    let call = calls.get(id);
    if (!call) calls.set(id, (call = { id, tool, arguments: undefined, approvals: [], pending: false }));
    return call;
  };
  for (const entry of record) {
    switch (entry.type) {
      case 'call':
        of(entry.id, entry.tool).arguments = entry.arguments;
        break;
      case 'decision':
        of(entry.id, entry.tool).decision = { behavior: entry.behavior, ...(entry.reason ? { reason: entry.reason } : {}), ...(entry.rule ? { rule: entry.rule } : {}) };
        break;
      case 'approval':
        of(entry.id, entry.tool).approvals.push(entry.answer);
        break;
      case 'observation': {
        const call = of(entry.id, entry.tool);
        call.pending = entry.pending === true;
        if (!entry.pending || !call.observation) call.observation = entry.observation;
        break;
      }
      default:
        break;
    }
  }
  return calls;
}

/** The last schema hash of each tool a record names. */
export function recordedToolHashes(record: readonly RecordEntry[]): Map<string, string> {
  const hashes = new Map<string, string>();
  for (const entry of record) if (entry.type === 'tool') hashes.set(entry.name, entry.hash);
  return hashes;
}
