import { describe, expect, it } from '@jest/globals';
import { Agent, ConversationState, ToolRegistry } from '@toolwright/sdk';
import type { ApprovalRequest } from '@toolwright/sdk/policy';
import { registerBuiltinTools } from '@toolwright/tools';
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The approval request a person sees for `command` run through the terminal under the default mode. */
async function requestFor(command: string): Promise<ApprovalRequest> {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'tw-net-')));
  const requests: ApprovalRequest[] = [];
  const agent = new Agent({
    registry: registerBuiltinTools({ registry: new ToolRegistry() }),
    tools: [{ name: 'terminal' }],
    policy: { mode: 'default', grantsFile: false, auditLog: false, onApproval: (request) => (requests.push(request), { type: 'reject', reason: 'test' }) },
  });
  try {
    await agent.initialize(new ConversationState({ workingDir: dir }));
    await agent.executeToolCall({ id: 'c1', name: 'terminal', arguments: JSON.stringify({ command }) });
    expect(requests).toHaveLength(1);
    return requests[0]!;
  } finally {
    await agent.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('terminal: network egress is marked open-world on the approval request', () => {
  it.each(['curl https://example.com/x', 'git ls-remote https://example.com/r.git', 'cat < /dev/tcp/127.0.0.1/9', 'wget -q https://example.com'])('%s', async (command) => {
    const request = await requestFor(command);
    expect(request.metadata).toMatchObject({ openWorld: true });
  }, 30_000);

  it('a local write asks without the mark', async () => {
    const request = await requestFor('touch notes.txt');
    expect(request.metadata?.openWorld).toBeUndefined();
  }, 30_000);
});
