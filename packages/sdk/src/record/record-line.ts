import { processSecrets } from '../secrets/process-secrets.js';
import { toJsonSafe } from '../util/json-safe.js';
import type { SerializedObservation } from '../tool/observation.js';
import { maskStrings } from './mask-strings.js';
import { RECORD_VERSION } from './record-entry.js';
import type { CallEntry, ObservationEntry, RecordInput } from './record-entry.js';

/** `ms` rounded to µs (a record's times). */
export function roundMs(ms: number): number {
  return Math.round(ms * 1000) / 1000;
}

/**
 * `roundMs(ms)` as JSON writes it, made from integers: formatting a fractional double costs
 * several times more than the rest of a call's line.
 */
export function msText(ms: number): string {
  const us = Math.round(ms * 1000);
  if (!(us >= 0 && us <= Number.MAX_SAFE_INTEGER)) return JSON.stringify(roundMs(ms));
  const whole = Math.floor(us / 1000);
  const frac = us - whole * 1000;
  if (frac === 0) return `${whole}`;
  if (frac % 100 === 0) return `${whole}.${frac / 100}`;
  if (frac % 10 === 0) return `${whole}.${frac < 100 ? '0' : ''}${frac / 10}`;
  return `${whole}.${frac < 10 ? '00' : frac < 100 ? '0' : ''}${frac}`;
}

const q = JSON.stringify;

/** Tool names as JSON strings (a call's name comes back on every call; bounded, a model may send any). */
const toolNames = new Map<string, string>();
function nameJson(name: string): string {
  let json = toolNames.get(name);
  if (json === undefined) {
    json = q(name);
    if (toolNames.size < 1024) toolNames.set(name, json);
  }
  return json;
}

/**
 * @internal A `call` entry as the agent's recording makes it: exactly these fields, so its line
 * is put together from its strings.
 */
export class CallLine implements CallEntry {
  readonly type = 'call' as const;
  readonly id: string;
  readonly tool: string;
  readonly arguments: unknown;

  constructor(id: string, tool: string, args: unknown) {
    this.id = id;
    this.tool = tool;
    this.arguments = args;
  }
}

/** What {@link PlainObservationLine} reads of an Observation. */
interface PlainObservation {
  readonly content: readonly unknown[];
  readonly isError: boolean;
  readonly errorCode?: string;
  toJSON(): SerializedObservation;
}

/**
 * @internal An `observation` entry of a plain `Observation` (its class is `Observation` itself, so
 * its JSON is `kind`, `content`, `isError` and maybe `errorCode`), not pending, as the agent's
 * recording makes it: its line is put together without serializing the Observation first.
 */
export class PlainObservationLine implements ObservationEntry {
  readonly type = 'observation' as const;
  readonly id: string;
  readonly tool: string;
  readonly ms: number;
  readonly source: PlainObservation;

  constructor(id: string, tool: string, source: PlainObservation, ms: number) {
    this.id = id;
    this.tool = tool;
    this.ms = ms;
    this.source = source;
  }

  get observation(): SerializedObservation {
    return this.source.toJSON();
  }

  /** The entry as a plain object (what the masking path copies). */
  plain(): ObservationEntry {
    return { type: this.type, id: this.id, tool: this.tool, observation: this.source.toJSON(), ms: this.ms };
  }
}

/** Ids made of these characters need no escaping in JSON (the common case: `call_…`, `toolu_…`, UUIDs). */
const PLAIN_ID = /^[\w.:-]*$/;

function idJson(id: string): string {
  return PLAIN_ID.test(id) ? `"${id}"` : q(id);
}

/**
 * The JSON of an Observation's content blocks; text blocks of just `type` and `text` are written
 * from their text (JSON.stringify of a small object costs several times more), any other block by JSON.
 */
function contentJson(content: readonly unknown[]): string | undefined {
  if (content.length === 1) {
    const text = plainText(content[0]);
    if (text !== undefined) return `[{"type":"text","text":${q(text)}}]`;
  }
  let out = '[';
  for (let i = 0; i < content.length; i++) {
    const block = content[i];
    const text = plainText(block);
    const json = text === undefined ? (q(block) as string | undefined) : `{"type":"text","text":${q(text)}}`;
    if (json === undefined) return undefined;
    out += i === 0 ? json : `,${json}`;
  }
  return `${out}]`;
}

/** The text of a block that is exactly `{ type: 'text', text }` (own fields, no toJSON); undefined for any other. */
function plainText(block: unknown): string | undefined {
  if (typeof block !== 'object' || block === null) return undefined;
  const { type, text } = block as { type?: unknown; text?: unknown };
  if (type !== 'text' || typeof text !== 'string' || 'toJSON' in block) return undefined;
  let keys = 0;
  for (const key in block) {
    if ((key !== 'type' && key !== 'text') || !Object.hasOwn(block, key)) return undefined;
    keys++;
  }
  return keys === 2 ? text : undefined;
}

/**
 * The whole line of an entry made by the agent's recording, put together in one template from its
 * strings; undefined for any other entry (or a value JSON cannot write as it is).
 */
function fastLine(entry: RecordInput, t: number): string | undefined {
  if (entry instanceof CallLine) {
    const args = q(entry.arguments) as string | undefined;
    if (args === undefined) return undefined;
    return `{"v":${RECORD_VERSION},"t":${msText(t)},"type":"call","id":${idJson(entry.id)},"tool":${nameJson(entry.tool)},"arguments":${args}}`;
  }
  if (entry instanceof PlainObservationLine) {
    const o = entry.source;
    const content = Array.isArray(o.content) ? contentJson(o.content) : undefined;
    if (content === undefined || typeof o.isError !== 'boolean') return undefined;
    const code = o.errorCode === undefined ? '' : `,"errorCode":${q(o.errorCode)}`;
    return `{"v":${RECORD_VERSION},"t":${msText(t)},"type":"observation","id":${idJson(entry.id)},"tool":${nameJson(entry.tool)},"observation":{"kind":"Observation","content":${content},"isError":${o.isError}${code}},"ms":${msText(entry.ms)}}`;
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
      return fastLine(entry, t) ?? `{"v":${RECORD_VERSION},"t":${msText(t)},${JSON.stringify(entry instanceof PlainObservationLine ? entry.plain() : entry).slice(1)}`;
    } catch {
      // Not JSON-able as it is: the safe way below.
    }
  }
  const stamped = { v: RECORD_VERSION, t: roundMs(t), ...(entry instanceof PlainObservationLine ? entry.plain() : entry) };
  try {
    return JSON.stringify(masked(stamped, mask));
  } catch {
    // A cycle, a BigInt, a throwing getter: the JSON-safe copy, masked.
    return JSON.stringify(masked(toJsonSafe(stamped) as object, mask));
  }
}
