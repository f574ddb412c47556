import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { Contains, IsString } from 'class-validator';
import { Action, Agent, AgentErrorEvent, ConversationState, Field, Observation, ToolDefinition } from '@toolwright/sdk';
import { ERROR_HEADER } from '../../src/tool/observation.js';
import type { ActionEvent, ObservationEvent, ToolCallProgress, ToolCallResult } from '@toolwright/sdk';
import { testRegistry } from './fixtures/runtime-tools.js';

class SlowAction extends Action {
  @Field({ description: 'What to do' }) @IsString() mode!: string;
}

class MailAction extends Action {
  @Field({ description: 'An address' }) @IsString() @Contains('@') address!: string;
}

/** `slow`: throws, hangs until aborted, reports progress or returns a non-Observation, by mode. */
function slowTool(): ToolDefinition<SlowAction> {
  return new ToolDefinition({
    name: 'slow',
    description: 'Misbehaves on request.',
    actionType: SlowAction,
    executor: {
      execute: async (action, ctx) => {
        if (action.mode === 'throw') throw new Error('disk on fire');
        if (action.mode === 'progress') {
          ctx.reportProgress(1, 2, 'half');
          ctx.reportProgress(2, 2);
          return Observation.fromText('progressed');
        }
        await new Promise<void>((resolve) => ctx.signal.addEventListener('abort', () => resolve(), { once: true }));
        return Observation.fromText('too late');
      },
    },
  });
}

function errorText(result: ToolCallResult): string {
  const event = result.events[0];
  if (!(event instanceof AgentErrorEvent)) throw new Error(`expected an AgentErrorEvent, got ${event?.kind}`);
  return event.message;
}

describe('Agent.executeToolCall', () => {
  let agent: Agent;

  beforeEach(async () => {
    const mailTool = new ToolDefinition({ name: 'mail', description: 'Mail.', actionType: MailAction, executor: { execute: () => Observation.fromText('sent') } });
    const unexecutable = new ToolDefinition({ name: 'listed_only', description: 'No executor.', actionType: SlowAction });
    agent = new Agent({ registry: testRegistry(), tools: [{ name: 'echo' }, { name: 'note' }], extraTools: [slowTool(), unexecutable, mailTool] });
    await agent.initialize(new ConversationState({ workingDir: '/tmp' }));
  });

  afterEach(async () => {
    await agent.close();
  });

  it('emits an ActionEvent and an ObservationEvent for a valid call', async () => {
    const result = await agent.executeToolCall({ id: 'call_1', name: 'echo', arguments: '{"text":"hi","times":2}' });
    expect(result.events.map((e) => e.kind)).toEqual(['ActionEvent', 'ObservationEvent']);
    const [action, observation] = result.events as [ActionEvent, ObservationEvent];
    expect(action.toolCallId).toBe('call_1');
    expect(action.toolName).toBe('echo');
    expect(action.action).toMatchObject({ text: 'hi', times: 2 });
    expect(observation.actionId).toBe(action.id);
    expect(observation.observation).toBe(result.observation);
    expect(result.observation.text).toBe('hi hi');
    expect(result.observation.isError).toBe(false);
  });

  it('accepts arguments as an object, and no arguments as {}', async () => {
    const result = await agent.executeToolCall({ id: 'c', name: 'echo', arguments: { text: 'obj', tone: 'loud' } });
    expect(result.observation.text).toBe('OBJ');
    for (const empty of ['', '  ', undefined, null]) {
      const r = await agent.executeToolCall({ id: 'c', name: 'echo', arguments: empty as unknown as string });
      expect(errorText(r)).toContain('- text: required field missing; expected string');
    }
  });

  it('decodes a JSON string that holds JSON-encoded arguments', async () => {
    const result = await agent.executeToolCall({ id: 'c', name: 'echo', arguments: JSON.stringify('{"text":"twice"}') });
    expect(result.observation.text).toBe('twice');
  });

  it('names an unknown tool, lists the available ones and suggests the closest', async () => {
    const result = await agent.executeToolCall({ id: 'c9', name: 'ecoh', arguments: '{}' });
    expect(result.events).toHaveLength(1);
    const event = result.events[0] as AgentErrorEvent;
    expect(event.code).toBe('UNKNOWN_TOOL');
    expect(event.toolCallId).toBe('c9');
    expect(event.toolName).toBe('ecoh');
    expect(event.message).toBe("Tool 'ecoh' not found. Available: echo, note, slow, listed_only, mail. Did you mean 'echo'?");
    expect(result.observation.isError).toBe(true);
    expect(result.observation.toLlmContent()[0]).toEqual({ type: 'text', text: `${ERROR_HEADER}\n${event.message}` });
  });

  it('gives no suggestion when nothing is close, and says what a missing name should be', async () => {
    expect(errorText(await agent.executeToolCall({ id: 'c', name: 'zzzzzzzz', arguments: '{}' }))).toBe(
      "Tool 'zzzzzzzz' not found. Available: echo, note, slow, listed_only, mail.",
    );
    expect(errorText(await agent.executeToolCall({ id: 'c', name: 42 as unknown as string, arguments: '{}' }))).toBe(
      'Tool call has no tool name (expected the name of a tool as a string, got number). Available: echo, note, slow, listed_only, mail.',
    );
  });

  it('quotes a huge or multi-line unknown name shortened and escaped', async () => {
    const name = `evil\n${'x'.repeat(5000)}`;
    const message = errorText(await agent.executeToolCall({ id: 'c', name, arguments: '{}' }));
    expect(message.startsWith(`Tool 'evil\\n${'x'.repeat(58)}… (5005 characters)' not found.`)).toBe(true);
    expect(message.length).toBeLessThan(200);
  });

  it('reports invalid JSON with the parse problem and the expected shape, without echoing the input', async () => {
    const secret = 'hunter2-hunter2';
    const result = await agent.executeToolCall({ id: 'c', name: 'echo', arguments: `{"text": "${secret}" "times": 2}` });
    const event = result.events[0] as AgentErrorEvent;
    expect(event.code).toBe('INVALID_JSON');
    expect(event.message).toBe(
      "The arguments of tool 'echo' are not valid JSON: Expected ',' or '}' after property value at position 27 (line 1, column 28). " +
        'Send the arguments as one JSON object. Expected a JSON object with the fields: text (string, required), times (integer), tone (enum).',
    );
    const token = errorText(await agent.executeToolCall({ id: 'c', name: 'echo', arguments: 'hunter2 and more' }));
    expect(token).toContain('are not valid JSON: Unexpected character at position 0 (line 1, column 1). Send the arguments as one JSON object.');
    expect(token).not.toContain('hunter2');
  });

  it('requires the arguments to be an object', async () => {
    expect(errorText(await agent.executeToolCall({ id: 'c', name: 'echo', arguments: '[1,2]' }))).toBe(
      "The arguments of tool 'echo' must be a JSON object, got array. Expected a JSON object with the fields: text (string, required), times (integer), tone (enum).",
    );
    expect(errorText(await agent.executeToolCall({ id: 'c', name: 'note', arguments: 7 as unknown as string }))).toBe(
      "The arguments of tool 'note' must be a JSON object (or a string holding one), got number. Expected a JSON object with the fields: note (string, required).",
    );
  });

  it('lists each invalid argument by path with what is expected, never the values', async () => {
    const args = { text: 'classified-value', times: 99, tone: 'whisper-secret', extra: 'x' };
    const result = await agent.executeToolCall({ id: 'c', name: 'echo', arguments: JSON.stringify(args) });
    const event = result.events[0] as AgentErrorEvent;
    expect(event.code).toBe('INVALID_ARGUMENTS');
    expect(event.message).toBe(
      [
        "Invalid arguments for tool 'echo':",
        '- extra: unknown field; allowed fields: text, times, tone',
        '- times: expected a number <= 5, got a number that does not match',
        '- tone: expected one of "plain", "loud", got a string that does not match',
        "Fix these arguments and call 'echo' again.",
      ].join('\n'),
    );
    for (const value of ['classified', '99', 'whisper']) expect(event.message).not.toContain(value);
    const typeError = errorText(await agent.executeToolCall({ id: 'c', name: 'echo', arguments: { text: 5 } as never }));
    expect(typeError).toContain('- text: expected string, got number');
    const rule = errorText(await agent.executeToolCall({ id: 'c', name: 'mail', arguments: '{"address":"nobody-home"}' }));
    expect(rule).toBe("Invalid arguments for tool 'mail':\n- address: address must contain a @ string\nFix this argument and call 'mail' again.");
  });

  it('keeps the injected security_risk and summary on the ActionEvent and out of the Action', async () => {
    const result = await agent.executeToolCall({
      id: 'c',
      name: 'echo',
      arguments: { text: 'hi', security_risk: 'medium', summary: 'say hi' } as never,
    });
    const action = result.events[0] as ActionEvent;
    expect(action.securityRisk).toBe('MEDIUM');
    expect(action.summary).toBe('say hi');
    expect(action.action).not.toHaveProperty('security_risk');
    const odd = await agent.executeToolCall({ id: 'c', name: 'echo', arguments: { text: 'hi', security_risk: 'apocalyptic' } as never });
    expect((odd.events[0] as ActionEvent).securityRisk).toBe('UNKNOWN');
  });

  it('turns an executor exception into an error Observation', async () => {
    const result = await agent.executeToolCall({ id: 'c', name: 'slow', arguments: '{"mode":"throw"}' });
    expect(result.events.map((e) => e.kind)).toEqual(['ActionEvent', 'ObservationEvent']);
    expect(result.observation.isError).toBe(true);
    expect(result.observation.errorCode).toBe('EXECUTION_FAILED');
    expect(result.observation.text).toBe("Tool 'slow' failed: disk on fire");
  });

  it('turns a timeout into an error Observation naming the limit', async () => {
    const result = await agent.executeToolCall({ id: 'c', name: 'slow', arguments: '{"mode":"hang"}' }, { timeoutMs: 20 });
    expect(result.observation.errorCode).toBe('TIMEOUT');
    expect(result.observation.text).toContain("Tool 'slow' timed out after 0.02 s");
  });

  it('ends a running call when the caller aborts', async () => {
    const controller = new AbortController();
    const pending = agent.executeToolCall({ id: 'c', name: 'slow', arguments: '{"mode":"hang"}' }, { signal: controller.signal });
    controller.abort();
    const result = await pending;
    expect(result.observation.errorCode).toBe('ABORTED');
    expect(result.observation.text).toBe("Tool 'slow' was cancelled.");
  });

  it('forwards progress tagged with the call id and tool name', async () => {
    const reports: ToolCallProgress[] = [];
    const result = await agent.executeToolCall(
      { id: 'p1', name: 'slow', arguments: '{"mode":"progress"}' },
      { onProgress: (report) => reports.push(report) },
    );
    expect(result.observation.text).toBe('progressed');
    expect(reports).toEqual([
      { progress: 1, total: 2, message: 'half', toolCallId: 'p1', toolName: 'slow' },
      { progress: 2, total: 2, message: undefined, toolCallId: 'p1', toolName: 'slow' },
    ]);
  });

  it('answers a call to a tool without an executor with an error Observation', async () => {
    const result = await agent.executeToolCall({ id: 'c', name: 'listed_only', arguments: '{"mode":"x"}' });
    expect(result.events.map((e) => e.kind)).toEqual(['ActionEvent', 'ObservationEvent']);
    expect(result.observation.errorCode).toBe('NO_EXECUTOR');
    expect(result.observation.text).toContain("Tool 'listed_only' has no executor");
  });

  it('survives a call object whose properties throw', async () => {
    const hostile = new Proxy({}, { get: () => { throw new Error('gotcha'); } });
    const result = await agent.executeToolCall(hostile as never);
    expect(result.events[0]).toBeInstanceOf(AgentErrorEvent);
    expect((result.events[0] as AgentErrorEvent).code).toBe('INTERNAL');
    expect(result.observation.text).toContain('internal error (gotcha)');
  });

  it('refuses calls before initialize and after close, as error events', async () => {
    const fresh = new Agent({ registry: testRegistry(), tools: [{ name: 'echo' }] });
    expect(errorText(await fresh.executeToolCall({ id: 'c', name: 'echo', arguments: '{"text":"a"}' }))).toBe(
      'The agent is not initialized: tool calls run only after `await agent.initialize(state)`.',
    );
    await agent.close();
    const closed = await agent.executeToolCall({ id: 'c', name: 'echo', arguments: '{"text":"a"}' });
    expect((closed.events[0] as AgentErrorEvent).code).toBe('CLOSED');
    expect(errorText(closed)).toBe('The agent is closed; tool calls can no longer run.');
  });
});
