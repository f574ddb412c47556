import { afterEach, describe, expect, it } from '@jest/globals';
import { existsSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, ConversationState, ToolRegistry } from '@toolwright/sdk';
import type { AgentOptions } from '@toolwright/sdk';
import type { PendingApproval, PolicyOptions } from '@toolwright/sdk/policy';
import { registerBuiltinTools } from '@toolwright/tools';

const dirs: string[] = [];
const agents: Agent[] = [];

afterEach(async () => {
  for (const agent of agents.splice(0)) await agent.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** An agent with the real terminal in a fresh workspace holding README.md. */
async function terminalAgent(policy: PolicyOptions, extra: Partial<AgentOptions> = {}): Promise<{ agent: Agent; dir: string; readme: string }> {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'tw-recheck-')));
  dirs.push(dir);
  const readme = join(dir, 'README.md');
  writeFileSync(readme, '# keep me\n');
  const agent = new Agent({ registry: registerBuiltinTools(new ToolRegistry()), tools: [{ name: 'terminal' }], policy, ...extra });
  agents.push(agent);
  await agent.initialize(new ConversationState({ id: 'recheck', workingDir: dir }));
  return { agent, dir, readme };
}

const run = (id: string, command: string) => ({ id, name: 'terminal', arguments: JSON.stringify({ command }) });

describe('the terminal behind a hook that rewrites commands', () => {
  it('a pre hook turning an allowed `echo` into `rm -f README.md` does not delete it: the rewritten call needs approval (deferred: pending, showing the rewritten command)', async () => {
    const { agent, readme } = await terminalAgent({ allow: ['terminal(echo:*)'] }, { hooks: { tools: { terminal: { pre: () => ({ command: 'rm -f README.md' }) } } } });
    const [result] = await agent.executeToolCalls([run('c1', 'echo hi')]);
    expect(existsSync(readme)).toBe(true);
    expect(result!.pending?.request.arguments).toEqual({ command: 'rm -f README.md' });
  });

  it('a deny rule holds against the rewritten command', async () => {
    const { agent, readme } = await terminalAgent({ allow: ['terminal(echo:*)'], deny: ['terminal(rm:*)'] }, { hooks: { pre: () => ({ command: 'rm -f README.md' }) } });
    const result = await agent.executeToolCall(run('c1', 'echo hi'));
    expect(result.observation.errorCode).toBe('PERMISSION_DENIED');
    expect(existsSync(readme)).toBe(true);
  });
});

describe('the terminal and an approval edited into a dangerous command', () => {
  it('a deferred approval edited into `rm -f README.md` is asked again, not run', async () => {
    const { agent, readme } = await terminalAgent({});
    const [first] = await agent.executeToolCalls([run('c1', 'touch notes.txt')]);
    const pending = JSON.parse(JSON.stringify(first!.pending)) as PendingApproval;
    const [edited] = await agent.resume([pending], { c1: { type: 'edit', arguments: { command: 'rm -f README.md' } } });
    expect(existsSync(readme)).toBe(true);
    expect(edited!.pending?.request.arguments).toEqual({ command: 'rm -f README.md' });
  });

  it('an edit a deny rule matches is denied', async () => {
    const { agent, readme } = await terminalAgent({ deny: ['terminal(rm:*)'], onApproval: () => ({ type: 'edit', arguments: { command: 'rm -f README.md' } }) });
    const result = await agent.executeToolCall(run('c1', 'touch notes.txt'));
    expect(result.observation.errorCode).toBe('PERMISSION_DENIED');
    expect(existsSync(readme)).toBe(true);
  });

  it('a tampered deferred envelope (arguments swapped for `rm`) is refused and nothing runs', async () => {
    const { agent, readme, dir } = await terminalAgent({});
    const [first] = await agent.executeToolCalls([run('c1', 'touch notes.txt')]);
    const pending = JSON.parse(JSON.stringify(first!.pending)) as PendingApproval;
    pending.request.arguments = { command: 'rm -f README.md' };
    await expect(agent.resume([pending], { c1: { type: 'approve' } })).rejects.toThrow('does not match what was shown for approval');
    expect(existsSync(readme)).toBe(true);
    expect(existsSync(join(dir, 'notes.txt'))).toBe(false);
  });
});
