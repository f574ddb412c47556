// agent.checkPermission: what the policy would decide about a call, without running it (the
// framework adapters ask it before a framework calls a tool).
import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fixtureAgent } from './fixture-agent.js';

describe('agent.checkPermission', () => {
  it('says allow, ask or deny with the rule and reason, and runs nothing', async () => {
    const { agent, notes, dir, cleanup } = await fixtureAgent({ policy: { deny: ['explode'], auditLog: 'audit.jsonl' } });
    try {
      await agent.startTurn();
      await expect(agent.checkPermission({ id: 'c1', name: 'add', arguments: '{"a":1,"b":2}' })).resolves.toMatchObject({ behavior: 'allow', reason: 'readOnly' });
      const ask = await agent.checkPermission({ id: 'c2', name: 'write_note', arguments: { text: 'hi' } });
      expect(ask.behavior).toBe('ask');
      expect(ask.message).toEqual(expect.any(String));
      const deny = await agent.checkPermission({ id: 'c3', name: 'explode', arguments: { text: 'boom' } });
      expect(deny).toMatchObject({ behavior: 'deny', reason: 'rule', ruleText: 'explode', rule: { tool: 'explode', behavior: 'deny' } });
      expect(notes).toEqual([]);
      // No audit line for a check: only the call that ran is in the log.
      await agent.executeToolCall({ id: 'run1', name: 'add', arguments: '{"a":1,"b":1}' });
      await agent.close();
      const lines = readFileSync(join(dir, 'audit.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { toolCallId: string });
      expect(lines.map((l) => l.toolCallId)).toEqual(['run1']);
    } finally {
      await cleanup();
    }
  });

  it('calls that cannot run are invalid, with the same error the call would give', async () => {
    const { agent, cleanup } = await fixtureAgent();
    try {
      await agent.startTurn();
      const unknown = await agent.checkPermission({ id: 'c1', name: 'ad', arguments: '{}' });
      expect(unknown).toMatchObject({ behavior: 'invalid', code: 'UNKNOWN_TOOL' });
      expect(unknown.message).toContain("'add'");
      await expect(agent.checkPermission({ id: 'c2', name: 'add', arguments: '{"a":1' })).resolves.toMatchObject({ behavior: 'invalid', code: 'INVALID_JSON' });
      const bad = await agent.checkPermission({ id: 'c3', name: 'add', arguments: { a: 'one', b: 2 } });
      expect(bad).toMatchObject({ behavior: 'invalid', code: 'INVALID_ARGUMENTS' });
      expect(bad.message).toContain('a');
    } finally {
      await cleanup();
    }
  });
});
