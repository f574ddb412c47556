import { describe, expect, it } from '@jest/globals';
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const script = join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'deferred-process.mjs');
const run = (step: string, dir: string): unknown => JSON.parse(execFileSync(process.execPath, [script, step, dir], { encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } }));
const runAsync = (step: string, dir: string): Promise<unknown> =>
  new Promise((resolve, reject) =>
    execFile(process.execPath, [script, step, dir], { encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } }, (error, stdout) => (error ? reject(error) : resolve(JSON.parse(stdout)))),
  );
const REPLAYED = 'agent.resume: pending[0] (call "create-1" of tool "file_editor") was already answered; each pending approval is answered once, so nothing ran. Let the model call again to ask anew.';

describe('deferred approval across processes (built packages)', () => {
  it('one process leaves the call pending as JSON; a second process resumes it with the answer', () => {
    const dir = realpathSync(mkdtempSync(join(tmpdir(), 'tw-two-proc-')));
    try {
      const target = join(dir, 'approved.txt');
      expect(run('ask', dir)).toEqual([
        { text: expect.stringContaining(`Here's the files and directories up to 2 levels deep in ${dir}`), isError: false, pending: false, events: ['ActionEvent', 'ObservationEvent'] },
        {
          text: "The call of tool 'file_editor' is waiting for the user's approval (No rule allows this call of 'file_editor'.). It has not run yet.",
          isError: false,
          pending: true,
          events: ['ActionEvent', 'ApprovalRequestEvent'],
        },
      ]);
      expect(existsSync(target)).toBe(false);
      const pending = JSON.parse(readFileSync(join(dir, 'pending.json'), 'utf8')) as { request: { toolCallId: string; suggestedRules: string[] }; action: { kind: string } }[];
      expect(pending.map((p) => [p.request.toolCallId, p.request.suggestedRules, p.action.kind])).toEqual([['create-1', ['file_editor(**)'], 'FileEditorAction']]);

      expect(run('resume', dir)).toEqual([{ text: `File created successfully at: ${target}`, isError: false, pending: false, events: ['ActionEvent', 'ApprovalRequestEvent', 'ObservationEvent'] }]);
      expect(readFileSync(target, 'utf8')).toBe('written after approval\n');
      const audit = readFileSync(join(dir, '.toolwright', 'conversations', 'two-process', 'audit.jsonl'), 'utf8').trimEnd().split('\n').map((l) => (JSON.parse(l) as { toolCallId: string; decision: string }));
      expect(audit.map((a) => `${a.toolCallId}:${a.decision}`)).toEqual(['view-1:allow', 'create-1:ask', 'create-1:pending', 'create-1:ask', 'create-1:approve']);

      // A third process replaying the same answer is refused: the answer was recorded in the state directory.
      rmSync(target);
      expect(run('resume-or-refuse', dir)).toEqual({ refused: REPLAYED });
      expect(existsSync(target)).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('two processes resuming the same pending call at once: exactly one runs it, the other is refused', async () => {
    const dir = realpathSync(mkdtempSync(join(tmpdir(), 'tw-two-proc-race-')));
    try {
      run('ask', dir);
      const outcomes = await Promise.all([runAsync('resume-or-refuse', dir), runAsync('resume-or-refuse', dir)]);
      const refused = outcomes.filter((o) => (o as { refused?: string }).refused !== undefined);
      expect(refused).toEqual([{ refused: REPLAYED }]);
      expect(outcomes.filter((o) => Array.isArray(o))).toEqual([[expect.objectContaining({ text: `File created successfully at: ${join(dir, 'approved.txt')}`, isError: false })]]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
