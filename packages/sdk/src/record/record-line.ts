import { processSecrets } from '../secrets/process-secrets.js';
import { toJsonSafe } from '../util/json-safe.js';
import { maskStrings } from './mask-strings.js';
import { RECORD_VERSION } from './record-entry.js';
import type { RecordInput } from './record-entry.js';
import type { SerializedObservation } from '../tool/observation.js';

/** `ms` rounded to µs (a record's times). */
export function roundMs(ms: number): number {
  return Math.round(ms * 1000) / 1000;
}

const q = JSON.stringify;

/** A serialized Observation that is only text blocks, an error flag and maybe a code, as JSON; undefined for any other. */
function simpleObservation(o: SerializedObservation): string | undefined {
  let keys = 0;
  for (const key in o) {
    keys++;
    if (key !== 'kind' && key !== 'content' && key !== 'isError' && key !== 'errorCode') return undefined;
  }
  if (keys < 3 || typeof o.kind !== 'string' || !Array.isArray(o.content) || typeof o.isError !== 'boolean') return undefined;
  let content = '';
  for (const block of o.content) {
    if (block.type !== 'text' || typeof block.text !== 'string' || Object.keys(block).length !== 2) return undefined;
    content += `${content ? ',' : ''}{"type":"text","text":${q(block.text)}}`;
  }
  const code = o.errorCode === undefined ? '' : typeof o.errorCode === 'string' ? `,"errorCode":${q(o.errorCode)}` : undefined;
  if (code === undefined) return undefined;
  return `{"kind":${q(o.kind)},"content":[${content}],"isError":${o.isError}${code}}`;
}

/** The JSON of a `call` or `observation` entry after its opening brace, built from its strings; undefined for other entries (or shapes). */
function fastBody(entry: RecordInput): string | undefined {
  if (entry.type !== 'call' && entry.type !== 'observation') return undefined;
  if (typeof entry.id !== 'string' || typeof entry.tool !== 'string') return undefined;
  if (entry.type === 'call' && typeof entry.arguments === 'string' && Object.keys(entry).length === 4) {
    return `"type":"call","id":${q(entry.id)},"tool":${q(entry.tool)},"arguments":${q(entry.arguments)}}`;
  }
  if (entry.type === 'observation' && entry.pending === undefined && Object.keys(entry).length === 5) {
    const observation = simpleObservation(entry.observation);
    if (observation !== undefined) return `"type":"observation","id":${q(entry.id)},"tool":${q(entry.tool)},"observation":${observation},"ms":${q(entry.ms)}}`;
  }
  return undefined;
}

/** `value` with every string through `mask` (when given) and the process's registered secrets masked (`<secret:NAME>`). */
function masked(value: object, mask: ((text: string) => string) | undefined): object {
  return processSecrets.maskValue(mask ? (maskStrings(value, mask) as object) : value);
}

/**
 * The JSON line (no newline) of `entry` stamped with `v` and `t`, every string passed through
 * `mask` when given and the process's secrets (`registerSecret`, `state.secrets`) masked. Never
 * throws: values JSON cannot carry (a BigInt, a cycle) are written as text.
 */
export function recordLine(entry: RecordInput, t: number, mask?: (text: string) => string): string {
  if (mask === undefined && processSecrets.size === 0) {
    // The common case, on every call's path: no copy of the entry; the two lines every call
    // writes are put together from their strings (JSON.stringify of an object costs several times more).
    try {
      const head = `{"v":${RECORD_VERSION},"t":${roundMs(t)},`;
      return head + (fastBody(entry) ?? JSON.stringify(entry).slice(1));
    } catch {
      // Not JSON-able as it is: the safe way below.
    }
  }
  const stamped = { v: RECORD_VERSION, t: roundMs(t), ...entry };
  try {
    return JSON.stringify(masked(stamped, mask));
  } catch {
    // A cycle, a BigInt, a throwing getter: the JSON-safe copy, masked.
    return JSON.stringify(masked(toJsonSafe(stamped) as object, mask));
  }
}
