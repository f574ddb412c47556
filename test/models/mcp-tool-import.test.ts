// An MCP SDK tool definition (registerTool's config + callback) as a Toolwright tool: validated by
// the JSON Schema the MCP SDK's server would list, run under the agent's policy.
import { afterEach, describe, expect, it } from '@jest/globals';
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { Agent, ConversationState } from '@toolwright/sdk';
import { FunctionToolset } from '@toolwright/sdk/toolsets';
import { fromMcpTool } from '@toolwright/models/mcp';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

describe('fromMcpTool', () => {
  it('validates by the MCP tool JSON Schema, passes the call id, signal and progress, and runs under the policy', async () => {
    const seen: { args: unknown; requestId: string; aborted: boolean }[] = [];
    const progress: number[] = [];
    const add = fromMcpTool(
      'add',
      { title: 'Add', description: 'Adds two integers.', inputSchema: { a: z.number().int(), b: z.number().int().optional() }, annotations: { readOnlyHint: true } },
      async (args: { a: number; b?: number }, extra: { requestId: string; signal: AbortSignal; sendNotification: (n: { method: string; params?: Record<string, unknown> }) => Promise<void> }) => {
        seen.push({ args, requestId: extra.requestId, aborted: extra.signal.aborted });
        await extra.sendNotification({ method: 'notifications/progress', params: { progressToken: 1, progress: 1, total: 2 } });
        return { content: [{ type: 'text', text: String(args.a + (args.b ?? 0)) }] };
      },
    );
    const failing = fromMcpTool('fail', { description: 'Reports a failure.', inputSchema: z.object({ why: z.string() }) }, (args: { why: string }) => ({ content: [{ type: 'text', text: `failed: ${args.why}` }], isError: true }));
    const wipe = fromMcpTool('wipe', { description: 'Wipes everything.', annotations: { destructiveHint: true } }, () => ({ content: [{ type: 'text', text: 'wiped' }] }));
    expect(add.inputSchema()).toMatchObject({ type: 'object', properties: { a: { type: 'integer' }, b: { type: 'integer' } }, required: ['a'] });

    const dir = realpathSync(mkdtempSync(join(tmpdir(), 'tw-from-mcp-')));
    const agent = new Agent({ toolsets: [new FunctionToolset([add, failing, wipe])], policy: { deny: ['wipe'], allow: ['fail'] } });
    await agent.initialize(new ConversationState({ id: 'from-mcp', workingDir: dir }));
    cleanups.push(async () => {
      await agent.close();
      rmSync(dir, { recursive: true, force: true });
    });

    const ok = await agent.executeToolCall({ id: 'call-7', name: 'add', arguments: '{"a":2,"b":3}' }, { onProgress: (p) => progress.push(p.progress) });
    expect(ok.observation.text).toBe('5');
    expect(seen).toEqual([{ args: { a: 2, b: 3 }, requestId: 'call-7', aborted: false }]);
    expect(progress).toEqual([1]);

    const bad = await agent.executeToolCall({ id: 'call-8', name: 'add', arguments: '{"a":2.5}' });
    expect(bad.observation.errorCode).toBe('INVALID_ARGUMENTS');
    expect(bad.observation.text).toContain('a');
    expect(seen).toHaveLength(1);

    const failed = await agent.executeToolCall({ id: 'call-9', name: 'fail', arguments: { why: 'disk full' } });
    expect(failed.observation.isError).toBe(true);
    expect(failed.observation.text).toBe('failed: disk full');

    const denied = await agent.executeToolCall({ id: 'call-10', name: 'wipe', arguments: {} });
    expect(denied.observation.errorCode).toBe('PERMISSION_DENIED');
  });

  it('a callback that is not a function is a definition error', () => {
    expect(() => fromMcpTool('x', { description: 'x' }, undefined as never)).toThrow("MCP tool 'x': the callback must be a function");
  });
});
