// A FileRecorder loses no line when its process dies of an uncaught exception or exits at once:
// buffered lines are written whole on exit (the built package, in a child process).
import { afterEach, describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readRecord } from '@toolwright/sdk';
import { ROOT, assertBuilt } from '../cli/cli-harness.js';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Runs a module in a child process that records `count` lines, then ends the way `ending` says. */
function recordThenDie(count: number, ending: string): { status: number | null; stderr: string; path: string } {
  dir = mkdtempSync(join(tmpdir(), 'tw-recorder-crash-'));
  const path = join(dir, 'session.jsonl');
  const script = `
    import { FileRecorder } from '@toolwright/sdk';
    const recorder = new FileRecorder(${JSON.stringify(path)});
    for (let i = 0; i < ${count}; i++) recorder.record({ type: 'log', id: 'c' + i, tool: 'echo', level: 'info', data: 'line ' + i + ' ' + 'x'.repeat(200) });
    ${ending}
  `;
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8' });
  return { status: child.status, stderr: child.stderr, path };
}

describe('FileRecorder when its process dies', () => {
  it('writes every buffered line on an uncaught exception', () => {
    assertBuilt();
    const { status, stderr, path } = recordThenDie(1000, "throw new Error('the writer crashed');");
    expect(status).toBe(1);
    expect(stderr).toContain('the writer crashed');
    const entries = readRecord(readFileSync(path, 'utf8'));
    expect(entries).toHaveLength(1000);
    expect(entries.map((e) => (e.type === 'log' ? e.id : '')).slice(-2)).toEqual(['c998', 'c999']);
  });

  it('writes every buffered line on process.exit, with no torn line', () => {
    assertBuilt();
    const { status, path } = recordThenDie(777, 'process.exit(3);');
    expect(status).toBe(3);
    const text = readFileSync(path, 'utf8');
    expect(text.endsWith('\n')).toBe(true);
    expect(readRecord(text)).toHaveLength(777);
  });
});
