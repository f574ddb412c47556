import { describe, expect, it } from '@jest/globals';
import { existsSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { policyExample } from '../../examples/policy.js';

describe('README policy example', () => {
  it('allows by rule, asks the callback, denies by rule, and resumes a deferred call', async () => {
    const dir = realpathSync(mkdtempSync(join(tmpdir(), 'tw-policy-example-')));
    try {
      expect(await policyExample(dir)).toEqual([
        `c1: ok: File created successfully at: ${join(dir, 'notes', 'a.md')}`,
        `asked: file_editor ${join(dir, 'drafts', 'b.md')} (suggests file_editor(drafts/**))`,
        `c2: ok: File created successfully at: ${join(dir, 'drafts', 'b.md')}`,
        `asked: file_editor ${join(dir, 'src', 'c.ts')} (suggests file_editor(src/**))`,
        "c3: error: The user did not approve this call of 'file_editor': only drafts for now",
        "c4: error: Permission denied for tool 'file_editor': Rule file_editor(secrets/**) (spec) denies this call of 'file_editor'. Do not retry the same call; choose another way or ask the user.",
        `c5 resumed: File created successfully at: ${join(dir, 'src', 'later.ts')}`,
      ]);
      expect(existsSync(join(dir, 'secrets', 'd'))).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
