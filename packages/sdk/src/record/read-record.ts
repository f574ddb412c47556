import { readFile } from 'node:fs/promises';
import { ErrorCode } from '../errors/error-code.js';
import { ToolwrightError } from '../errors/toolwright-error.js';
import { describeError } from '../util/describe-error.js';
import { RECORD_ENTRY_TYPES, RECORD_VERSION } from './record-entry.js';
import type { RecordEntry } from './record-entry.js';

/** Options of {@link readRecord}. */
export interface ReadRecordOptions {
  /** The name errors give the record (default `record`). */
  source?: string;
  /** Longest line accepted, in characters (default 16 MiB); a longer one is an error naming its line. */
  maxLineLength?: number;
}

type FieldKind = 'string' | 'number' | 'boolean' | 'object';

/** The fields each entry type must have, with their JSON type. */
const REQUIRED: Record<string, Record<string, FieldKind>> = {
  session: { startedAt: 'string', meta: 'object' },
  tool: { name: 'string', hash: 'string', schema: 'object' },
  'model-request': { step: 'number', api: 'string', messages: 'object' },
  'model-response': { step: 'number', turn: 'object' },
  'model-error': { step: 'number', name: 'string', message: 'string', ms: 'number' },
  call: { id: 'string', tool: 'string' },
  decision: { id: 'string', tool: 'string', behavior: 'string' },
  approval: { id: 'string', tool: 'string', reason: 'string' },
  log: { id: 'string', tool: 'string', level: 'string' },
  observation: { id: 'string', tool: 'string', observation: 'object' },
  end: { status: 'string' },
};

/** Fields an entry type may leave out, with the JSON type they must have when present. */
const OPTIONAL: Record<string, Record<string, FieldKind>> = {
  'model-error': { code: 'string', status: 'number', cause: 'string', aborted: 'boolean' },
};

const article = (kind: FieldKind): string => (kind === 'object' ? 'an object' : `a ${kind}`);

function hasKind(value: unknown, kind: FieldKind): boolean {
  return kind === 'object' ? typeof value === 'object' && value !== null : typeof value === kind;
}

function lineError(source: string, line: number, problem: string): ToolwrightError {
  return new ToolwrightError({ code: ErrorCode.INVALID_ARGUMENTS, message: `${source} line ${line}: ${problem}`, details: { source, line } });
}

function checkEntry(value: unknown, source: string, line: number): RecordEntry {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw lineError(source, line, 'expected a JSON object (one record entry per line).');
  const entry = value as Record<string, unknown>;
  if (entry.v === undefined) throw lineError(source, line, `no record version 'v'; this is not a Toolwright record line.`);
  if (entry.v !== RECORD_VERSION) throw lineError(source, line, `record version ${JSON.stringify(entry.v)} is not supported; this Toolwright reads version ${RECORD_VERSION}.`);
  if (typeof entry.t !== 'number' || !Number.isFinite(entry.t)) throw lineError(source, line, `'t' must be a number (ms since the session started).`);
  const type = entry.type;
  if (typeof type !== 'string' || !RECORD_ENTRY_TYPES.includes(type as RecordEntry['type'])) {
    throw lineError(source, line, `unknown entry type ${JSON.stringify(type)}; expected one of ${RECORD_ENTRY_TYPES.join(', ')}.`);
  }
  for (const [field, kind] of Object.entries(REQUIRED[type]!)) {
    if (!hasKind(entry[field], kind)) throw lineError(source, line, `${type} entry: '${field}' must be ${article(kind)}.`);
  }
  for (const [field, kind] of Object.entries(OPTIONAL[type] ?? {})) {
    if (entry[field] !== undefined && !hasKind(entry[field], kind)) throw lineError(source, line, `${type} entry: '${field}', when present, must be ${article(kind)}.`);
  }
  return entry as unknown as RecordEntry;
}

/**
 * Reads a record's JSONL text into its entries. Blank lines are skipped. Throws `INVALID_ARGUMENTS`
 * naming the line for: a line that is not JSON (a cut-off last line says so), a line over
 * `maxLineLength`, a line without the record version or with another one, an unknown entry type,
 * an entry missing a field it must have, or with a field of the wrong type.
 */
export function readRecord(text: string, options: ReadRecordOptions = {}): RecordEntry[] {
  const source = options.source ?? 'record';
  const max = options.maxLineLength ?? 16 * 1024 * 1024;
  const entries: RecordEntry[] = [];
  let start = 0;
  let number = 0;
  while (start < text.length) {
    number++;
    const newline = text.indexOf('\n', start);
    const end = newline === -1 ? text.length : newline;
    const length = end - start;
    if (length > max) throw lineError(source, number, `the line is ${length} characters long, over the limit of ${max}; a record line this long is not read.`);
    const line = text.slice(start, end).trim();
    start = end + 1;
    if (line === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(line) as unknown;
    } catch (error) {
      if (newline === -1) throw lineError(source, number, `the last line is cut off (not complete JSON and no newline after it): the writer stopped mid-line. Remove the line to read the rest.`);
      throw lineError(source, number, `not JSON (${describeError(error)}).`);
    }
    entries.push(checkEntry(value, source, number));
  }
  return entries;
}

/** {@link readRecord} over a file; the errors name the file. Rejects with `INVALID_ARGUMENTS` when it cannot be read. */
export async function readRecordFile(path: string, options: Omit<ReadRecordOptions, 'source'> = {}): Promise<RecordEntry[]> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new ToolwrightError({ code: ErrorCode.INVALID_ARGUMENTS, message: `Cannot read the record ${path}: ${describeError(error)}.`, details: { path }, cause: error });
  }
  return readRecord(text, { ...options, source: path });
}
