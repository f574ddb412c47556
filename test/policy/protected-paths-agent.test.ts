import { afterEach, describe, expect, it } from '@jest/globals';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, ConversationState, loadAgentSpec, ToolRegistry } from '@toolwright/sdk';
import { policyOptionsFromConfig } from '@toolwright/sdk/policy';
import type { ApprovalRequest, PolicyOptions } from '@toolwright/sdk/policy';
import { registerBuiltinTools } from '@toolwright/tools';

const dirs: string[] = [];
const agents: Agent[] = [];

afterEach(async () => {
  for (const agent of agents.splice(0)) await agent.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** An agent with file_editor and terminal over a fresh workspace holding .git/config and a link src/cfg -> ../.git/config. */
async function agentWith(policy: PolicyOptions): Promise<{ agent: Agent; ws: string; outside: string }> {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'tw-protected-agent-')));
  dirs.push(root);
  const ws = join(root, 'ws');
  const outside = join(root, 'outside');
  mkdirSync(join(ws, '.git'), { recursive: true });
  mkdirSync(join(ws, 'src'));
  mkdirSync(outside);
  writeFileSync(join(ws, '.git', 'config'), '[core]\n');
  symlinkSync('../.git/config', join(ws, 'src', 'cfg'));
  const agent = new Agent({ registry: registerBuiltinTools(new ToolRegistry()), tools: [{ name: 'file_editor' }, { name: 'terminal' }], policy: { grantsFile: false, auditLog: false, ...policy } });
  agents.push(agent);
  await agent.initialize(new ConversationState({ id: 'conv-p', workingDir: ws }));
  return { agent, ws, outside };
}

const editorCall = (id: string, args: Record<string, unknown>) => ({ id, name: 'file_editor', arguments: JSON.stringify(args) });
const terminalCall = (id: string, command: string) => ({ id, name: 'terminal', arguments: JSON.stringify({ command }) });

describe('an agent in bypass mode with the policy from a spec', () => {
  it('asks before writing .git/config through a symlinked file, and nothing is written when the answer is no', async () => {
    const spec = await loadAgentSpec({ tools: [], permissions: { mode: 'bypass', allow: ['file_editor(src/**)'] } });
    const requests: ApprovalRequest[] = [];
    const { agent, ws } = await agentWith({ ...policyOptionsFromConfig(spec.permissions ?? {}), onApproval: (r) => (requests.push(r), { type: 'reject', reason: 'no' }) });
    const result = await agent.executeToolCall(editorCall('c1', { command: 'str_replace', path: join(ws, 'src', 'cfg'), old_str: '[core]', new_str: '[core]\n\tfsmonitor = touch /tmp/pwned' }));
    expect(result.observation.isError).toBe(true);
    expect(requests.map((r) => [r.toolName, r.bypassImmune, r.reason])).toEqual([
      ['file_editor', true, `'${join(ws, 'src', 'cfg')}' (through a symbolic link to '${join(ws, '.git', 'config')}') is inside a protected directory (.git). Changing it needs explicit approval.`],
    ]);
    expect(readFileSync(join(ws, '.git', 'config'), 'utf8')).toBe('[core]\n');
  });

  it('asks before the terminal appends to .git/config with git config, and does not run it when rejected', async () => {
    const requests: ApprovalRequest[] = [];
    const { agent, ws } = await agentWith({ mode: 'bypass', onApproval: (r) => (requests.push(r), { type: 'reject', reason: 'no' }) });
    const result = await agent.executeToolCall(terminalCall('t1', 'git config core.fsmonitor "touch /tmp/pwned"'));
    expect(result.observation.isError).toBe(true);
    expect(requests.map((r) => r.reason)).toEqual(["Command modifies '.git/config', which matches the protected entry '.git'"]);
    expect(readFileSync(join(ws, '.git', 'config'), 'utf8')).toBe('[core]\n');
  });

  it('with protectedPaths: false runs the write unasked (the seed behaviour, chosen explicitly)', async () => {
    const requests: ApprovalRequest[] = [];
    const { agent, ws } = await agentWith({ mode: 'bypass', protectedPaths: false, onApproval: (r) => (requests.push(r), { type: 'reject', reason: 'no' }) });
    const result = await agent.executeToolCall(editorCall('c1', { command: 'create', path: join(ws, '.git', 'hooks-new'), file_text: 'x' }));
    expect([result.observation.isError, requests.length, existsSync(join(ws, '.git', 'hooks-new'))]).toEqual([false, 0, true]);
  });
});

describe('an agent with confineWrites', () => {
  it('refuses a file_editor create outside the working directory in bypass mode, naming the path and the directories', async () => {
    const { agent, ws, outside } = await agentWith({ mode: 'bypass', confineWrites: true });
    const path = join(outside, 'x.txt');
    const result = await agent.executeToolCall(editorCall('c1', { command: 'create', path, file_text: 'x' }));
    expect(result.observation.isError).toBe(true);
    expect(result.observation.text).toContain(`Writing '${path}' is refused: confineWrites allows writes only inside the working directories, and the working directories are ${ws}.`);
    expect(existsSync(path)).toBe(false);
  });

  it('refuses a terminal redirect outside the working directory in bypass mode, and the command does not run', async () => {
    const { agent, outside } = await agentWith({ mode: 'bypass', confineWrites: true });
    const path = join(outside, 'y.txt');
    const result = await agent.executeToolCall(terminalCall('t1', `echo hi > ${path}`));
    expect(result.observation.isError).toBe(true);
    expect(result.observation.text).toContain(`Writing '${path}' is refused: it is outside them.`);
    expect(existsSync(path)).toBe(false);
  });
});
