import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { queryAuditLog } from '../../packages/cli/src/console/audit-query.js';

describe('queryAuditLog (the console\'s Audit view)', () => {
  let dir: string;
  let file: string;
  const line = (time: string, tool: string, decision: string, extra: Record<string, unknown> = {}): string => JSON.stringify({ time, toolCallId: `c-${time}`, tool, decision, ...extra });

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'tw-audit-'));
    file = join(dir, 'audit.jsonl');
    // The first rotation holds the older lines.
    writeFileSync(`${file}.1`, `${line('2026-11-27T09:00:00.000Z', 'glob', 'allow')}\n`);
    writeFileSync(
      file,
      [
        line('2026-11-27T10:00:00.000Z', 'terminal', 'ask', { reason: 'mode', argumentNames: ['command'] }),
        'not json',
        JSON.stringify({ time: '2026-11-27T10:30:00.000Z', tool: 'x' }),
        line('2026-11-27T11:00:00.000Z', 'terminal', 'approve', { reason: 'user' }),
        line('2026-11-27T12:00:00.000Z', 'glob', 'deny', { rule: 'glob(/etc/**)', ruleBehavior: 'deny' }),
      ].join('\n') + '\n',
    );
  });

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reads the file and its first rotation, newest first, skipping lines that are not audit JSON', async () => {
    const { rows, truncated, file: read } = await queryAuditLog(file, {});
    expect(read).toBe(file);
    expect(truncated).toBe(false);
    expect(rows.map((r) => `${r.tool}:${r.decision}`)).toEqual(['glob:deny', 'terminal:approve', 'terminal:ask', 'glob:allow']);
    expect(rows[2]).toEqual({ time: '2026-11-27T10:00:00.000Z', toolCallId: 'c-2026-11-27T10:00:00.000Z', tool: 'terminal', decision: 'ask', reason: 'mode', argumentNames: ['command'] });
    expect(rows[0]!.rule).toBe('glob(/etc/**)');
  });

  it('filters by tool, decision and a time range [since, until)', async () => {
    expect((await queryAuditLog(file, { tool: 'glob' })).rows.map((r) => r.decision)).toEqual(['deny', 'allow']);
    expect((await queryAuditLog(file, { decision: 'ask' })).rows.map((r) => r.tool)).toEqual(['terminal']);
    const range = await queryAuditLog(file, { since: '2026-11-27T10:00:00.000Z', until: '2026-11-27T12:00:00.000Z' });
    expect(range.rows.map((r) => r.decision)).toEqual(['approve', 'ask']);
  });

  it('keeps the newest rows up to the limit and says it cut', async () => {
    const { rows, truncated } = await queryAuditLog(file, { limit: 2 });
    expect(rows.map((r) => r.decision)).toEqual(['deny', 'approve']);
    expect(truncated).toBe(true);
  });

  it('answers no rows for a console without an audit log, or a log not written yet', async () => {
    expect(await queryAuditLog(undefined, {})).toEqual({ rows: [], truncated: false });
    expect(await queryAuditLog(join(dir, 'none.jsonl'), {})).toEqual({ file: join(dir, 'none.jsonl'), rows: [], truncated: false });
  });
});
