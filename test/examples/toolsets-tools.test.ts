import { describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConversationState } from '@toolwright/sdk';
import { dropAll, migrate, query, status } from '../../examples/toolsets.js';

describe('examples/toolsets.ts: each tool asks the model for what it uses', () => {
  it('status and drop_all take no arguments (an Action without fields: an empty object schema)', async () => {
    for (const tool of [status, dropAll]) {
      const schema = tool.toMcpTool().inputSchema as { properties?: Record<string, unknown>; required?: string[] };
      expect(Object.keys(schema.properties ?? {})).toEqual([]);
      expect(schema.required ?? []).toEqual([]);
    }
    const dir = mkdtempSync(join(tmpdir(), 'tw-example-tools-'));
    const state = new ConversationState({ workingDir: dir });
    try {
      expect((await status.call(status.actionFromArguments({}), { state })).text).toBe('all green');
    } finally {
      await state.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('db_query and db_migrate take the one SQL statement they run', () => {
    for (const tool of [query, migrate]) {
      expect(tool.toMcpTool().inputSchema).toMatchObject({ type: 'object', properties: { sql: { type: 'string', description: 'The SQL statement to run' } }, required: ['sql'] });
    }
  });
});
