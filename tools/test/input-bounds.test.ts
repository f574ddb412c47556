import { describe, expect, it } from '@jest/globals';
import { mkdtempSync, readdirSync, realpathSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MAX_NOTES_CHARS, MAX_SAVED_OUTPUTS, MAX_TASKS, MAX_TITLE_CHARS, truncateMiddle } from '@toolwright/tools';
import type { TaskTrackerObservation } from '@toolwright/tools';
import { fixture } from './support/fixture.js';

describe('task_tracker bounds the list a model sends', () => {
  it('refuses too many tasks, or a title or notes too long, and keeps the list it had', async () => {
    const f = fixture();
    try {
      const tracker = await f.tool('task_tracker');
      await f.call(tracker, { command: 'plan', task_list: [{ title: 'keep me' }] });
      const many = (await f.call(tracker, { command: 'plan', task_list: Array.from({ length: MAX_TASKS + 1 }, (_, i) => ({ title: `t${i}` })) })) as TaskTrackerObservation;
      expect([many.isError, many.text]).toEqual([true, `Invalid \`task_list\`: it has ${MAX_TASKS + 1} tasks; the most it may hold is ${MAX_TASKS}. Merge related tasks, or drop finished ones.`]);
      expect(many.taskList).toEqual([{ title: 'keep me', notes: '', status: 'todo' }]);
      const title = await f.call(tracker, { command: 'plan', task_list: [{ title: 'ok' }, { title: 'x'.repeat(MAX_TITLE_CHARS + 1) }] });
      expect(title.text).toBe(`Invalid \`task_list[1].title\`: it has ${MAX_TITLE_CHARS + 1} characters; the limit is ${MAX_TITLE_CHARS}. Keep titles short and put details in \`notes\`.`);
      const notes = await f.call(tracker, { command: 'plan', task_list: [{ title: 'ok', notes: 'n'.repeat(MAX_NOTES_CHARS + 1) }] });
      expect(notes.text).toBe(`Invalid \`task_list[0].notes\`: it has ${MAX_NOTES_CHARS + 1} characters; the limit is ${MAX_NOTES_CHARS}. Summarise them.`);
      expect((await f.call(tracker, { command: 'view' })).text).toBe('# Task List\n\n1. ⏳ keep me [todo]');
    } finally {
      await f.cleanup();
    }
  });
});

describe('saved full outputs', () => {
  it(`keeps the newest ${MAX_SAVED_OUTPUTS} per directory, so long outputs cannot fill the disk`, () => {
    const dir = realpathSync(mkdtempSync(join(tmpdir(), 'tw-saved-')));
    try {
      const saved: string[] = [];
      for (let i = 0; i < MAX_SAVED_OUTPUTS + 5; i++) {
        const path = truncateMiddle(`${i} ${'x'.repeat(3_000)}`, { limit: 500, notice: 'x', saveDir: dir, savePrefix: 'terminal' }).savedPath!;
        const t = Date.now() / 1000 - 1_000 + i; // distinct, increasing modification times
        utimesSync(path, t, t);
        saved.push(path);
      }
      const left = readdirSync(dir).map((name) => join(dir, name)).sort();
      expect(left).toEqual(saved.slice(5).sort());
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('terminal output stays bounded', () => {
  it('returns at most 30,000 characters of a command printing 50 MB, quickly', async () => {
    const f = fixture({ stateDir: undefined });
    try {
      const terminal = await f.tool('terminal', { noChangeTimeoutSeconds: 5 });
      const rss = process.memoryUsage().rss;
      const out = await f.call(terminal, { command: 'head -c 50000000 /dev/zero | tr "\\0" a; echo', timeout: 60 });
      expect(out.text.length).toBeLessThanOrEqual(30_000);
      expect(out.text.endsWith('[Command finished with exit code 0]')).toBe(true);
      expect(process.memoryUsage().rss - rss).toBeLessThan(400 * 1024 * 1024);
    } finally {
      await f.cleanup();
    }
  });
});
