import { describe, expect, it } from '@jest/globals';
import { mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ConversationState } from '@toolwright/sdk';
import type { TaskTrackerObservation } from '@toolwright/tools';
import { TASKS_FILE } from '@toolwright/tools';
import { fixture, registry } from './support/fixture.js';

describe('task_tracker', () => {
  it('views an empty list with a hint, plans, and views the plan', async () => {
    const f = fixture();
    try {
      const tracker = await f.tool('task_tracker');
      const empty = await f.call(tracker, {});
      expect(empty.text).toBe('No task list found. Use the "plan" command to create one.');
      expect(empty.isError).toBe(false);
      const planned = (await f.call(tracker, {
        command: 'plan',
        task_list: [{ title: 'Write tests', status: 'in_progress', notes: 'grep first' }, { title: 'Ship' }],
      })) as TaskTrackerObservation;
      expect(planned.text).toBe('Task list has been updated with 2 item(s).');
      expect(planned.taskList).toEqual([
        { title: 'Write tests', notes: 'grep first', status: 'in_progress' },
        { title: 'Ship', notes: '', status: 'todo' },
      ]);
      const viewed = await f.call(tracker, { command: 'view' });
      expect(viewed.text).toBe('# Task List\n\n1. 🔄 Write tests [in_progress]\n   grep first\n2. ⏳ Ship [todo]');
    } finally {
      await f.cleanup();
    }
  });

  it('persists JSON under the state dir and survives a new conversation object', async () => {
    const f = fixture();
    try {
      const tracker = await f.tool('task_tracker');
      await f.call(tracker, { command: 'plan', task_list: [{ title: 'A', status: 'done' }] });
      const file = join(f.state.stateDir, TASKS_FILE);
      expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual([{ title: 'A', notes: '', status: 'done' }]);
      const again = new ConversationState({ workingDir: f.dir, stateDir: f.state.stateDir });
      try {
        const [tracker2] = await registry.resolve({ name: 'task_tracker' }, again);
        const viewed = (await tracker2!.call(tracker2!.actionFromArguments({ command: 'view' }))) as TaskTrackerObservation;
        expect(viewed.taskList).toEqual([{ title: 'A', notes: '', status: 'done' }]);
      } finally {
        await again.close();
      }
    } finally {
      await f.cleanup();
    }
  });

  it('rejects unknown statuses and commands before running', async () => {
    const f = fixture();
    try {
      const tracker = await f.tool('task_tracker');
      expect(() => tracker.actionFromArguments({ command: 'plan', task_list: [{ title: 'x', status: 'blocked' }] })).toThrow(/task_list\[0\]\.status/);
      expect(() => tracker.actionFromArguments({ command: 'delete' })).toThrow(/command/);
    } finally {
      await f.cleanup();
    }
  });

  it('reports a save failure as an error observation and keeps the old list', async () => {
    const blocker = join(realpathSync(mkdtempSync(join(tmpdir(), 'tw-block-'))), 'a-file');
    writeFileSync(blocker, 'not a directory');
    const f = fixture({ stateDir: blocker }); // the state dir is a file, so nothing can be saved under it
    try {
      const tracker = await f.tool('task_tracker');
      const observation = await f.call(tracker, { command: 'plan', task_list: [{ title: 'x' }] });
      expect(observation.isError).toBe(true);
      expect(observation.text).toMatch(/^The task list could not be saved to .*\/a-file\/TASKS\.json: .*It was not changed\.$/);
      expect((await f.call(tracker, {})).text).toBe('No task list found. Use the "plan" command to create one.');
    } finally {
      await f.cleanup();
      rmSync(dirname(blocker), { recursive: true, force: true });
    }
  });
});
