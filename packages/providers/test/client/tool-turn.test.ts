import { describe, expect, it } from '@jest/globals';
import { ClientToolsProvider, KeyValueBank, MemoryProvider, resolveAgentToolGroups, resumeToolTurn, runToolTurn, ToolGroupRuntime } from '@toolwright/providers';
import type { ToolGroupProvider } from '@toolwright/providers';

/** A server-side provider that records the order in which its calls ran. */
function recorder(order: string[]): ToolGroupProvider {
  return {
    id: 'server',
    listTools: () => [{ name: 'lookup', description: 'Look up', inputSchema: { type: 'object', properties: { key: { type: 'string' } }, required: ['key'] } }],
    invoke: (_tool, kwargs) => {
      order.push(`server:${String(kwargs.key)}`);
      return { content: [{ type: 'text', text: `value of ${String(kwargs.key)}` }] };
    },
  };
}

function setup(order: string[] = []): ToolGroupRuntime {
  const client = new ClientToolsProvider().declare('client::ui', [
    { name: 'ask_user', description: 'Ask the user a question', inputSchema: { type: 'object', properties: { question: { type: 'string' } }, required: ['question'] } },
    { name: 'open_file', description: 'Open a file in the editor', inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] } },
  ]);
  const runtime = new ToolGroupRuntime({ providers: [client, recorder(order)] });
  runtime.registerToolGroup({ toolgroupId: 'client::ui', providerId: 'client' });
  runtime.registerToolGroup({ toolgroupId: 'builtin::lookup', providerId: 'server' });
  return runtime;
}

describe('client tools (fact 56)', () => {
  it('runs server tools, then ends the turn awaiting the client calls, keeping finished results', async () => {
    const order: string[] = [];
    const runtime = setup(order);
    const step = await runToolTurn(runtime, [
      { id: 'c1', name: 'ask_user', arguments: '{"question":"Which file?"}' },
      { id: 'c2', name: 'lookup', arguments: { key: 'a' } },
      { id: 'c3', name: 'open_file', arguments: { path: 'README.md' } },
    ]);
    expect(order).toEqual(['server:a']);
    expect(step).toEqual({
      status: 'awaiting_client',
      results: [{ callId: 'c2', toolName: 'lookup', result: { content: [{ type: 'text', text: 'value of a' }], metadata: { toolgroupId: 'builtin::lookup' } } }],
      pending: [
        { callId: 'c1', toolName: 'ask_user', toolgroupId: 'client::ui', arguments: { question: 'Which file?' } },
        { callId: 'c3', toolName: 'open_file', toolgroupId: 'client::ui', arguments: { path: 'README.md' } },
      ],
      order: ['c1', 'c2', 'c3'],
    });
    // The step is plain JSON: it survives being saved and read back (another process may resume).
    const saved = JSON.parse(JSON.stringify(step)) as typeof step;
    const partly = resumeToolTurn(saved, { c3: { content: 'opened' } });
    expect(partly.status).toBe('awaiting_client');
    expect(partly.pending.map((p) => p.callId)).toEqual(['c1']);
    const done = resumeToolTurn(partly, { c1: { content: [{ type: 'text', text: 'README.md' }] } });
    expect(done.status).toBe('completed');
    expect(done.results.map((r) => [r.callId, r.result.content])).toEqual([
      ['c1', [{ type: 'text', text: 'README.md' }]],
      ['c2', [{ type: 'text', text: 'value of a' }]],
      ['c3', [{ type: 'text', text: 'opened' }]],
    ]);
  });

  it('refuses an answer without content, and one for a call that is not pending', async () => {
    const step = await runToolTurn(setup(), [{ id: 'c1', name: 'ask_user', arguments: { question: 'q' } }]);
    expect(() => resumeToolTurn(step, { c1: { content: null as unknown as string } })).toThrow(
      "The answer for call 'c1' (client tool 'ask_user') has no content; send { content: [...] } (an empty array if the tool produced nothing) or a string.",
    );
    expect(() => resumeToolTurn(step, { c9: { content: [] } })).toThrow("No client call 'c9' is pending in this turn; pending: c1.");
  });

  it('passes a failure reported by the client on as an error result', async () => {
    const step = await runToolTurn(setup(), [{ id: 'c1', name: 'open_file', arguments: { path: '/nope' } }]);
    const done = resumeToolTurn(step, { c1: { content: [], errorMessage: 'No such file: /nope' } });
    expect(done.results[0]!.result).toEqual({ content: [{ type: 'text', text: 'No such file: /nope' }], errorCode: 1, errorMessage: 'No such file: /nope', metadata: { toolgroupId: 'client::ui', client: true } });
  });

  it('checks client tool arguments like any other, before the turn pauses', async () => {
    const step = await runToolTurn(setup(), [{ id: 'c1', name: 'ask_user', arguments: '{"question": 3}' }]);
    expect(step.status).toBe('completed');
    expect(step.results[0]!.result.errorMessage).toBe("Invalid arguments for tool 'ask_user':\n- question: expected string, got number");
  });

  it('is a turn that completes at once when no client tool is called', async () => {
    const step = await runToolTurn(setup(), [{ id: 'c1', name: 'lookup', arguments: 'not json' }]);
    expect(step.status).toBe('completed');
    expect(step.results[0]!.result.errorMessage).toMatch(/^The arguments of tool 'lookup' are not valid JSON \(.+\); send a JSON object\.$/);
  });

  it('refuses a client group without declared tools', () => {
    const runtime = new ToolGroupRuntime({ providers: [new ClientToolsProvider()] });
    expect(() => runtime.registerToolGroup({ toolgroupId: 'client::x', providerId: 'client' })).toThrow(
      "Client tool group 'client::x' has no declared tools; call declare('client::x', tools) on the client provider first.",
    );
  });

  it('takes part in clash detection of the agent config', async () => {
    const runtime = setup();
    runtime.registerProvider(new MemoryProvider({ banks: [new KeyValueBank('kv')] })).registerToolGroup({ toolgroupId: 'builtin::memory', providerId: 'memory' });
    const tools = await resolveAgentToolGroups(runtime, ['client::ui/ask_user', 'builtin::memory']);
    expect(tools.map((t) => t.name)).toEqual(['ask_user', 'memory_insert', 'memory_query']);
    expect(tools[0]!.metadata).toEqual({ client: true });
  });
});
