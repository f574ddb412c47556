import { afterEach, describe, expect, it } from '@jest/globals';
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, ConversationState, ToolRegistry } from '@toolwright/sdk';
import type { ApprovalRequest } from '@toolwright/sdk/policy';
import { registerBuiltinTools } from '@toolwright/tools';

// Issue 8 gap 4: ask rules come before allow rules (AgentScope's step 2 before step 5; Claude Code
// evaluates deny, then ask, then allow). So "always" on a call an ask rule asked about cannot add
// an allow rule that would silence it: it approves that call once, adds nothing, and says so.

const dirs: string[] = [];
const agents: Agent[] = [];
afterEach(async () => {
  for (const agent of agents.splice(0)) await agent.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('"always" and ask rules', () => {
  it('an ask rule keeps asking after "always": the call runs once, no rule is added, the audit log says why', async () => {
    const dir = realpathSync(mkdtempSync(join(tmpdir(), 'tw-always-')));
    dirs.push(dir);
    const requests: ApprovalRequest[] = [];
    const grantsFile = join(dir, 'grants.json');
    const auditLog = join(dir, 'audit.jsonl');
    const agent = new Agent({
      registry: registerBuiltinTools(new ToolRegistry()),
      tools: [{ name: 'file_editor' }],
      policy: {
        ask: ['file_editor(src/**)'],
        grantsFile,
        auditLog,
        onApproval: (request) => {
          requests.push(request);
          return { type: 'always' };
        },
      },
    });
    agents.push(agent);
    await agent.initialize(new ConversationState({ id: 'always', workingDir: dir }));
    const create = (id: string, name: string) => ({ id, name: 'file_editor', arguments: JSON.stringify({ command: 'create', path: join(dir, 'src', name), file_text: 'x\n' }) });
    const first = await agent.executeToolCall(create('c1', 'a.txt'));
    const second = await agent.executeToolCall(create('c2', 'b.txt'));
    expect([first.observation.isError, second.observation.isError]).toEqual([false, false]);
    expect(requests.map((r) => [r.toolCallId, r.reason, r.askRule, r.suggestedRules])).toEqual([
      ['c1', "Rule file_editor(src/**) (code) asks before this call of 'file_editor'.", 'file_editor(src/**)', []],
      ['c2', "Rule file_editor(src/**) (code) asks before this call of 'file_editor'.", 'file_editor(src/**)', []],
    ]);
    expect(existsSync(grantsFile)).toBe(false);
    expect(agent.policy!.engine.rules.filter((r) => r.behavior === 'allow')).toEqual([]);
    const audit = readFileSync(auditLog, 'utf8').trimEnd().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(audit.filter((a) => a.decision === 'always').map((a) => a.note)).toEqual([
      'ask rule file_editor(src/**) matched: approved once, no rule added',
      'ask rule file_editor(src/**) matched: approved once, no rule added',
    ]);
  });

  it('without an ask rule, "always" adds the suggested rule and the next such call is not asked', async () => {
    const dir = realpathSync(mkdtempSync(join(tmpdir(), 'tw-always-')));
    dirs.push(dir);
    const requests: ApprovalRequest[] = [];
    const grantsFile = join(dir, 'grants.json');
    const agent = new Agent({
      registry: registerBuiltinTools(new ToolRegistry()),
      tools: [{ name: 'file_editor' }],
      policy: {
        grantsFile,
        onApproval: (request) => {
          requests.push(request);
          return { type: 'always' };
        },
      },
    });
    agents.push(agent);
    await agent.initialize(new ConversationState({ id: 'always-2', workingDir: dir }));
    const create = (id: string, name: string) => ({ id, name: 'file_editor', arguments: JSON.stringify({ command: 'create', path: join(dir, 'src', name), file_text: 'x\n' }) });
    await agent.executeToolCall(create('c1', 'a.txt'));
    await agent.executeToolCall(create('c2', 'b.txt'));
    expect(requests.map((r) => [r.toolCallId, r.askRule, r.suggestedRules])).toEqual([['c1', undefined, ['file_editor(src/**)']]]);
    expect(JSON.parse(readFileSync(grantsFile, 'utf8'))).toEqual({ version: 1, allow: ['file_editor(src/**)'], ask: [], deny: [] });
  });
});
