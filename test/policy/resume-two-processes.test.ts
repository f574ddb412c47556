import { describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const script = join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'deferred-process.mjs');
const run = (step: string, dir: string): unknown => JSON.parse(execFileSync(process.execPath, [script, step, dir], { encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } }));

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
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
