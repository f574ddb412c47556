import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { Agent, ConversationState, loadAgentSpec, ToolwrightError } from '@toolwright/sdk';
import type { McpServerStatus } from '@toolwright/sdk';
import { writeFile } from 'node:fs/promises';
import { FAULT_SERVER } from './support/servers.js';

let dir: string;
let later: string;
const agents: Agent[] = [];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tw-optional-'));
  later = join(dir, 'later-server.js');
});

afterEach(async () => {
  await Promise.all(agents.splice(0).map((agent) => agent.close()));
  rmSync(dir, { recursive: true, force: true });
});

/** `good` is the fault server; `late` is a script that does not exist until the test links it. */
function agentWith(lateRequired?: boolean): Agent {
  const late = lateRequired === undefined ? { command: process.execPath, args: [later] } : { command: process.execPath, args: [later], required: lateRequired };
  const agent = new Agent({ mcpServers: { good: { command: process.execPath, args: [FAULT_SERVER] }, late }, mcpNamePolicy: 'prefix-on-conflict' });
  agents.push(agent);
  return agent;
}

const failure = (): string => `Could not connect to MCP server 'late' (${process.execPath} ${later}): the server process exited with code 1 during startup.`;

describe('MCP servers that are not required', () => {
  it('start the agent without an unreachable server, and say why in status() and an event', async () => {
    const agent = agentWith();
    const seen: McpServerStatus[] = [];
    agent.onServerStatus((status) => seen.push(status));
    await agent.initialize(new ConversationState({ workingDir: dir }));
    expect([...agent.toolsMap.keys()].sort()).toEqual(['crash', 'echo', 'grandchild_pid', 'hang', 'huge', 'mutate', 'slow']);
    const [good, late] = agent.status().mcpServers;
    expect(good).toMatchObject({ name: 'good', state: 'connected', required: false });
    expect(good!.tools.sort()).toEqual(['crash', 'echo', 'grandchild_pid', 'hang', 'huge', 'mutate', 'slow']);
    expect(late).toMatchObject({ name: 'late', state: 'failed', required: false, tools: [] });
    expect(late!.error!.code).toBe('MCP_CONNECTION');
    expect(late!.error!.message.startsWith(failure())).toBe(true);
    expect(seen.map((s) => `${s.name}:${s.state}`).sort()).toEqual(['good:connected', 'late:failed']);
  });

  it('abort initialize when the unreachable server is required', async () => {
    const agent = agentWith(true);
    const error = await agent.initialize(new ConversationState({ workingDir: dir })).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(ToolwrightError.isInstance(error) && error.code).toBe('MCP_CONNECTION');
    expect((error as Error).message.startsWith(failure())).toBe(true);
  });

  it('join the agent on reconnect once they can be reached', async () => {
    const agent = agentWith();
    await agent.initialize(new ConversationState({ workingDir: dir }));
    const again = await agent.reconnect('late').then(
      () => undefined,
      (e: unknown) => e,
    );
    expect((again as Error).message.startsWith(failure())).toBe(true);
    expect(agent.status().mcpServers[1]!.state).toBe('failed');

    symlinkSync(FAULT_SERVER, later);
    const changes: string[][] = [];
    agent.onToolsChanged((change) => changes.push(change.added));
    const status = await agent.reconnect('late');
    expect(status.state).toBe('connected');
    expect(status.error).toBeUndefined();
    // The names were taken by `good`, so prefix-on-conflict prefixes the newcomer's.
    expect(status.tools.sort()).toEqual(['late_crash', 'late_echo', 'late_grandchild_pid', 'late_hang', 'late_huge', 'late_mutate', 'late_slow']);
    expect(changes.map((added) => [...added].sort())).toEqual([status.tools]);
    const [result] = await agent.executeToolCalls([{ id: 'c1', name: 'late_echo', arguments: '{"text":"hi"}' }]);
    expect(result!.observation.isError).toBe(false);
    expect(await agent.reconnect('late')).toMatchObject({ name: 'late', state: 'connected' });
    await expect(agent.reconnect('nope')).rejects.toThrow("No enabled MCP server is named 'nope'. Servers: good, late.");
  });

  it('is a boolean in a spec file', async () => {
    const file = join(dir, 'agent.json');
    await writeFile(file, JSON.stringify({ mcpServers: { late: { command: 'node', required: 'yes' } } }));
    await expect(loadAgentSpec(file, { env: {} })).rejects.toThrow(`${file}: mcpServers.late.required: expected a boolean, got string.`);
  });
});
