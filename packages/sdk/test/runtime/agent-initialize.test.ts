import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { Agent, ConversationState, ToolDefinition, ToolRegistry, ToolwrightError } from '@toolwright/sdk';
import { echoTool, NotebookExecutor, noteTools, testRegistry } from './fixtures/runtime-tools.js';

function state(): ConversationState {
  return new ConversationState({ workingDir: '/tmp' });
}

async function initError(agent: Agent, conversation = state()): Promise<ToolwrightError> {
  const error: unknown = await agent.initialize(conversation).then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!ToolwrightError.isInstance(error)) throw new Error(`expected a ToolwrightError, got ${String(error)}`);
  return error;
}

describe('Agent.initialize', () => {
  beforeEach(() => {
    NotebookExecutor.closed = 0;
    NotebookExecutor.failOnClose = false;
  });
  afterEach(() => {
    NotebookExecutor.failOnClose = false;
  });

  it('resolves native specs through the registry and adds extraTools, recording origins', async () => {
    const agent = new Agent({ registry: testRegistry(), tools: [{ name: 'note' }, { name: 'echo' }], extraTools: [echoTool('shout')] });
    await agent.initialize(state());
    expect([...agent.toolsMap.keys()]).toEqual(['note', 'echo', 'shout']);
    expect(agent.originOf('note')).toEqual({ type: 'native', spec: 'note' });
    expect(agent.originOf('shout')).toEqual({ type: 'native' });
    expect(agent.originOf('nope')).toBeUndefined();
    await agent.close();
  });

  it('reports a spec the registry does not know', async () => {
    const error = await initError(new Agent({ registry: testRegistry(), tools: [{ name: 'eco' }] }));
    expect(error.code).toBe('NOT_REGISTERED');
    expect(error.message).toBe("Tool 'eco' is not registered. Did you mean 'echo'? Registered: echo, note.");
  });

  it('rejects two tools with one name, naming both origins', async () => {
    const registry = testRegistry().register('echo_again', () => echoTool());
    const error = await initError(new Agent({ registry, tools: [{ name: 'echo' }, { name: 'echo_again' }] }));
    expect(error.code).toBe('DUPLICATE_TOOL');
    expect(error.message).toBe(
      "Tool name 'echo' is produced by both spec 'echo' and spec 'echo_again'; tool names must be unique. Rename one of them or drop one of the sources.",
    );
    const extra = await initError(new Agent({ registry, tools: [{ name: 'echo' }], extraTools: [echoTool()] }));
    expect(extra.message).toContain("Tool name 'echo' is produced by both spec 'echo' and extraTools;");
  });

  it('keeps only tools matching filterToolsRegex', async () => {
    const agent = new Agent({ registry: testRegistry(), tools: [{ name: 'echo' }, { name: 'note' }], extraTools: [echoTool('echo2')], filterToolsRegex: '^echo' });
    await agent.initialize(state());
    expect([...agent.toolsMap.keys()]).toEqual(['echo', 'echo2']);
    const result = await agent.executeToolCall({ id: 'c', name: 'note', arguments: '{"note":"x"}' });
    expect(result.observation.text).toBe("Tool 'note' not found. Available: echo, echo2.");
    await agent.close();
  });

  it('rejects a filterToolsRegex that is not a regular expression at construction', () => {
    expect(() => new Agent({ filterToolsRegex: '(' })).toThrow(
      'filterToolsRegex "(" is not a valid regular expression: Invalid regular expression: /(/: Unterminated group.',
    );
  });

  it('does not load the MCP layer when no MCP server is enabled', async () => {
    const agent = new Agent({ registry: testRegistry(), tools: [{ name: 'echo' }], mcpServers: { off: { command: 'nope', disabled: true } } });
    await agent.initialize(state());
    expect([...agent.toolsMap.keys()]).toEqual(['echo']);
    await agent.close();
  });

  it('returns the same promise for the same conversation and refuses another one', async () => {
    const agent = new Agent({ registry: testRegistry(), tools: [{ name: 'echo' }] });
    const conversation = state();
    const first = agent.initialize(conversation);
    expect(agent.initialize(conversation)).toBe(first);
    await first;
    const other = new ConversationState({ workingDir: '/tmp', id: 'other' });
    const error = await initError(agent, other);
    expect(error.message).toBe(`This agent is already initialized for conversation '${conversation.id}'; create a new Agent for conversation 'other'.`);
    await agent.close();
    await other.close();
  });

  it('needs a ConversationState', async () => {
    const error: unknown = await new Agent({}).initialize(undefined as never).catch((e: unknown) => e);
    expect(ToolwrightError.hasCode(error, 'INVALID_SPEC')).toBe(true);
    expect((error as Error).message).toBe('agent.initialize(state) needs a ConversationState (new ConversationState({ workingDir })).');
  });

  it('resolves through defaultRegistry when no registry is given', async () => {
    const { defaultRegistry } = await import('@toolwright/sdk');
    defaultRegistry.register('runtime_test_echo', echoTool('runtime_test_echo'), { replace: true });
    const agent = new Agent({ tools: [{ name: 'runtime_test_echo' }] });
    await agent.initialize(state());
    expect(agent.toolsMap.get('runtime_test_echo')).toBeInstanceOf(ToolDefinition);
    await agent.close();
  });
});

describe('Agent.close', () => {
  beforeEach(() => {
    NotebookExecutor.closed = 0;
    NotebookExecutor.failOnClose = false;
  });

  it('closes the executors the conversation created, once', async () => {
    const agent = new Agent({ registry: testRegistry(), tools: [{ name: 'note' }] });
    const conversation = state();
    await agent.initialize(conversation);
    const result = await agent.executeToolCall({ id: 'c', name: 'note', arguments: '{"note":"remember"}' });
    expect(result.observation.text).toBe('1 note(s)');
    await Promise.all([agent.close(), agent.close()]);
    await agent.close();
    expect(NotebookExecutor.closed).toBe(1);
    expect(conversation.isClosed).toBe(true);
    expect(agent.closeErrors).toEqual([]);
  });

  it('collects close errors instead of throwing', async () => {
    NotebookExecutor.failOnClose = true;
    const registry = new ToolRegistry().register('note', noteTools);
    const agent = new Agent({ registry, tools: [{ name: 'note' }] });
    await agent.initialize(state());
    await expect(agent.close()).resolves.toBeUndefined();
    expect(agent.closeErrors).toHaveLength(1);
    expect((agent.closeErrors[0] as Error).message).toBe('notebook refused to close');
  });

  it('waits for a pending initialize and refuses to initialize afterwards', async () => {
    const agent = new Agent({ registry: testRegistry(), tools: [{ name: 'note' }] });
    const conversation = state();
    const init = agent.initialize(conversation);
    await agent.close();
    await init;
    expect(conversation.isClosed).toBe(true);
    const error = await initError(agent);
    expect(error.code).toBe('CLOSED');
  });
});
