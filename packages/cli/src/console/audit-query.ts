import { createReadStream } from 'node:fs';
import { access } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import type { AuditResponse, AuditRow } from './console-api.js';

/** Filters of {@link queryAuditLog}. */
export interface AuditFilter {
  /** Only this tool. */
  tool?: string;
  /** Only this decision (`allow`, `ask`, `deny`, `approve`, …). */
  decision?: string;
  /** Only lines at or after this time (ISO-8601). */
  since?: string;
  /** Only lines before this time (ISO-8601). */
  until?: string;
  /** At most this many rows, the newest (default 500). */
  limit?: number;
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function rowOf(line: string): AuditRow | undefined {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const record = value as Record<string, unknown>;
  const time = str(record.time);
  const tool = str(record.tool);
  const decision = str(record.decision);
  if (time === undefined || tool === undefined || decision === undefined) return undefined;
  const row: AuditRow = { time, tool, decision };
  for (const key of ['toolCallId', 'reason', 'note', 'mode'] as const) {
    const text = str(record[key]);
    if (text !== undefined) row[key] = text;
  }
  const rule = str(record.rule) ?? str(record.ruleTool);
  if (rule !== undefined) row.rule = rule;
  if (Array.isArray(record.argumentNames)) row.argumentNames = record.argumentNames.filter((n): n is string => typeof n === 'string');
  return row;
}

function matches(row: AuditRow, filter: AuditFilter): boolean {
  if (filter.tool && row.tool !== filter.tool) return false;
  if (filter.decision && row.decision !== filter.decision) return false;
  const time = Date.parse(row.time);
  if (filter.since && time < Date.parse(filter.since)) return false;
  if (filter.until && time >= Date.parse(filter.until)) return false;
  return true;
}

async function readRows(file: string, filter: AuditFilter, into: AuditRow[]): Promise<void> {
  try {
    await access(file);
  } catch {
    return;
  }
  const lines = createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity });
  for await (const line of lines) {
    const row = rowOf(line);
    if (row && matches(row, filter)) into.push(row);
  }
}

/**
 * The audit log's lines that match `filter`, newest first: the file and its first rotation
 * (`<file>.1`), so a rotation a moment ago does not empty the view. Lines that are not audit
 * JSON are skipped.
 */
export async function queryAuditLog(file: string | undefined, filter: AuditFilter): Promise<AuditResponse> {
  if (file === undefined) return { rows: [], truncated: false };
  const rows: AuditRow[] = [];
  await readRows(`${file}.1`, filter, rows);
  await readRows(file, filter, rows);
  rows.reverse();
  const limit = filter.limit ?? 500;
  return { file, rows: rows.slice(0, limit), truncated: rows.length > limit };
}
