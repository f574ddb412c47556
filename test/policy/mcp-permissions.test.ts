import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, ConversationState } from '@toolwright/sdk';
import { PERMISSION_MODES } from '@toolwright/sdk/policy';
import type { ApprovalRequest, PermissionDecision, PermissionMode } from '@toolwright/sdk/policy';
import { FILESYSTEM } from '../mcp/support/servers.js';

/** MCP tools under the policy, against the real server-filesystem (its tools carry readOnlyHint / destructiveHint). */
describe('MCP tools under the permission policy', () => {
  let dir: string;
  let state: ConversationState;
  let agent: Agent;
  const requests: ApprovalRequest[] = [];

  beforeAll(async () => {
    dir = realpathSync(mkdtempSync(join(tmpdir(), 'tw-mcp-policy-')));
    writeFileSync(join(dir, 'a.txt'), 'alpha\n');
    agent = new Agent({
      mcpServers: { fs: { command: process.execPath, args: [FILESYSTEM, dir] } },
      policy: {
        grantsFile: false,
        auditLog: false,
        onApproval: (request) => {
          requests.push(request);
          return { type: 'reject', reason: 'not now' };
        },
      },
    });
    state = new ConversationState({ workingDir: dir });
    await agent.initialize(state);
  }, 30_000);

  afterAll(async () => {
    await agent.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const decide = (mode: PermissionMode, name: string, args: Record<string, unknown>): PermissionDecision => {
    const tool = agent.toolsMap.get(name)!;
    const engine = agent.policy!.engine;
    engine.mode = mode;
    try {
      return engine.check(tool, tool.actionFromArguments(args)) as PermissionDecision;
    } finally {
      engine.mode = 'default';
    }
  };

  it('fact 36: a tool with readOnlyHint is allowed in every mode', () => {
    expect(PERMISSION_MODES.map((mode) => decide(mode, 'read_text_file', { path: join(dir, 'a.txt') }).behavior)).toEqual(['allow', 'allow', 'allow', 'allow', 'allow']);
  });

  it('a destructive tool asks by default, is denied in explore and dontAsk, runs in bypass', () => {
    const args = { path: join(dir, 'b.txt'), content: 'x' };
    expect(PERMISSION_MODES.map((mode) => decide(mode, 'write_file', args).behavior)).toEqual(['ask', 'ask', 'deny', 'allow', 'deny']);
    expect(decide('default', 'write_file', args).message).toBe("'write_file' may make destructive changes (destructiveHint).");
  });

  it('fact 48: the approval request carries the MCP server and tool; a rejection is an error Observation', async () => {
    const result = await agent.executeToolCall({ id: 'm1', name: 'write_file', arguments: JSON.stringify({ path: join(dir, 'b.txt'), content: 'x' }) });
    expect(result.observation.text).toBe("The user did not approve this call of 'write_file': not now");
    expect(requests.at(-1)).toEqual({
      toolCallId: 'm1',
      toolName: 'write_file',
      arguments: { path: join(dir, 'b.txt'), content: 'x' },
      reason: "'write_file' may make destructive changes (destructiveHint).",
      suggestedRules: ['write_file'],
      bypassImmune: false,
      metadata: { mcpServer: 'fs', mcpTool: 'write_file', fullName: 'write_file' },
    });
  });
});
