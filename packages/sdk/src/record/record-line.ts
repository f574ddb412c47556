import { processSecrets } from '../secrets/process-secrets.js';
import { toJsonSafe } from '../util/json-safe.js';
import { maskStrings } from './mask-strings.js';
import { RECORD_VERSION } from './record-entry.js';
import type { RecordInput } from './record-entry.js';

/** `ms` rounded to µs (a record's times). */
export function roundMs(ms: number): number {
  return Math.round(ms * 1000) / 1000;
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
  const stamped = { v: RECORD_VERSION, t: roundMs(t), ...entry };
  try {
    return JSON.stringify(masked(stamped, mask));
  } catch {
    // A cycle, a BigInt, a throwing getter: the JSON-safe copy, masked.
    return JSON.stringify(masked(toJsonSafe(stamped) as object, mask));
  }
}
