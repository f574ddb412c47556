import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, ConversationState, ToolwrightError } from '@toolwright/sdk';
import type { PendingApproval } from '@toolwright/sdk/policy';
import type { McpToolset } from '@toolwright/sdk/mcp';
import { ClientToolsProvider, createToolGroupToolset, isClientToolPending, KeyValueBank, MemoryProvider, resumeClientTools, ToolGroupRuntime } from '@toolwright/providers';

describe('client tools through an Agent (fact 56)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tw-agent-client-'));
  const client = new ClientToolsProvider().declare('client::ui', [
    { name: 'ask_user', description: 'Ask the user a question', inputSchema: { type: 'object', properties: { question: { type: 'string' } }, required: ['question'] } },
  ]);
  const runtime = new ToolGroupRuntime({ providers: [client, new MemoryProvider({ banks: [new KeyValueBank('kv')] })] });
  runtime.registerToolGroup({ toolgroupId: 'client::ui', providerId: 'client' });
  runtime.registerToolGroup({ toolgroupId: 'builtin::memory', providerId: 'memory' });
  let toolset: McpToolset;
  let agent: Agent;

  beforeAll(async () => {
    toolset = await createToolGroupToolset(runtime, { toolgroups: ['builtin::memory/memory_insert', 'client::ui'] });
    agent = new Agent({ extraTools: [...toolset.tools] });
    await agent.initialize(new ConversationState({ id: 'conv-1', workingDir: dir }));
  });

  afterAll(async () => {
    await agent.close();
    await toolset.close();
    await runtime.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('runs the server tool, leaves the client tool pending as plain JSON, and resume finishes it with the client content', async () => {
    const results = await agent.executeToolCalls([
      { id: 'c1', name: 'ask_user', arguments: '{"question":"Which file?"}' },
      { id: 'c2', name: 'memory_insert', arguments: JSON.stringify({ bank_id: 'kv', documents: [{ document_id: 'a', content: 'alpha' }] }) },
    ]);
    // The server tool ran.
    expect(results[1]!.pending).toBeUndefined();
    expect(results[1]!.observation.text).toBe("Inserted 1 document (1 chunk) into memory bank 'kv'.");
    expect(results[1]!.events.map((e) => e.constructor.name)).toEqual(['ActionEvent', 'ObservationEvent']);
    // The client tool did not: it is pending, as plain JSON, with no ObservationEvent yet.
    const first = results[0]!;
    expect(first.observation.isError).toBe(false);
    expect(first.observation.text).toBe("Tool 'ask_user' runs on the client; the turn waits for its result.");
    expect(first.events.map((e) => e.constructor.name)).toEqual(['ActionEvent']);
    const saved = JSON.parse(JSON.stringify(first.pending)) as PendingApproval;
    expect(saved).toEqual({
      type: 'toolwright.pending-approval',
      version: 1,
      conversationId: 'conv-1',
      request: {
        toolCallId: 'c1',
        toolName: 'ask_user',
        arguments: { question: 'Which file?' },
        reason: "Tool 'ask_user' runs on the client; the turn waits for its result.",
        suggestedRules: [],
        bypassImmune: true,
        metadata: { clientTool: true, toolgroupId: 'client::ui' },
      },
      action: { kind: 'MCPToolAction', data: { question: 'Which file?' } },
    });
    expect(isClientToolPending(saved)).toBe(true);

    const [done] = await resumeClientTools(agent, [saved], { c1: { content: 'README.md' } });
    expect(done!.pending).toBeUndefined();
    expect(done!.observation.isError).toBe(false);
    expect(done!.observation.toLlmContent()).toEqual([{ type: 'text', text: 'README.md' }]);
    expect(done!.events.map((e) => e.constructor.name)).toEqual(['ActionEvent', 'ObservationEvent']);
  });

  it("is finished by agent.resume with a { type: 'result' } answer too (no policy needed), and refuses another answer", async () => {
    const [result] = await agent.executeToolCalls([{ id: 'r1', name: 'ask_user', arguments: { question: 'Which branch?' } }]);
    const saved = JSON.parse(JSON.stringify(result!.pending)) as PendingApproval;
    await expect(agent.resume([saved], { r1: { type: 'approve' } })).rejects.toThrow(
      `agent.resume: answers["r1"]: tool 'ask_user' is run by the caller; answer with its result { type: 'result', text }, got 'approve'.`,
    );
    const [done] = await agent.resume([saved], { r1: { type: 'result', text: 'main' } });
    expect(done!.pending).toBeUndefined();
    expect(done!.observation.isError).toBe(false);
    expect(done!.observation.toLlmContent()).toEqual([{ type: 'text', text: 'main' }]);
    expect(done!.events.map((e) => e.constructor.name)).toEqual(['ActionEvent', 'ObservationEvent']);
    const [failed] = await agent.resume([saved], { r1: { type: 'result', text: 'The user closed the dialog.', isError: true } });
    expect(failed!.observation.isError).toBe(true);
    expect(failed!.observation.text).toBe('The user closed the dialog.');
  });

  it("makes the client's failure an error Observation, and keeps a call without an answer pending", async () => {
    const results = await agent.executeToolCalls([
      { id: 'd1', name: 'ask_user', arguments: { question: 'a?' } },
      { id: 'd2', name: 'ask_user', arguments: { question: 'b?' } },
    ]);
    const pending = results.map((r) => r.pending!);
    const resumed = await resumeClientTools(agent, pending, { d2: { content: [], errorMessage: 'The user closed the dialog.' } });
    expect(resumed[0]!.pending?.request.toolCallId).toBe('d1');
    expect(resumed[1]!.observation.isError).toBe(true);
    expect(resumed[1]!.observation.toLlmContent()).toEqual([{ type: 'text', text: '[An error occurred during execution.]\nThe user closed the dialog.' }]);
  });

  it('refuses an answer without content, or for no pending call, naming the call', async () => {
    const [result] = await agent.executeToolCalls([{ id: 'e1', name: 'ask_user', arguments: { question: 'x?' } }]);
    const pending = [result!.pending!];
    const missing = await resumeClientTools(agent, pending, { e1: {} as never }).catch((error: unknown) => error);
    expect(ToolwrightError.isInstance(missing) && [missing.code, missing.message]).toEqual([
      'INVALID_ARGUMENTS',
      "The answer for call 'e1' (client tool 'ask_user') has no content; send { content: [...] } (an empty array if the tool produced nothing) or a string.",
    ]);
    const stray = await resumeClientTools(agent, pending, { e1: { content: 'ok' }, zz: { content: 'ok' } }).catch((error: unknown) => error);
    expect((stray as Error).message).toBe("resumeClientTools: no client call 'zz' is pending; pending: e1.");
    // Nothing was consumed by the refused resumes: a good answer still finishes the call.
    const [done] = await resumeClientTools(agent, pending, { e1: { content: 'fine' } });
    expect(done!.observation.text).toBe('fine');
  });
});
