// Configuration mistakes fail fast with precise messages; a RunState from a file is checked;
// transport failures name the status and URL.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent, ConversationState, ToolwrightError } from '@toolwright/sdk';
import { anthropicMessages, openAIChat, openAIChatModel, RunState, runTools } from '@toolwright/models';
import type { ModelAdapter } from '@toolwright/models';

const never: ModelAdapter = { dialect: openAIChat, request: () => Promise.reject(new Error('not called')) };
let agent: Agent;
beforeAll(async () => {
  agent = new Agent({ policy: {} });
  await agent.initialize(new ConversationState({ workingDir: '/tmp' }));
});
afterAll(async () => agent.close());

async function rejection(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return ToolwrightError.isInstance(error) ? `${error.code}: ${error.message}` : String(error);
  }
  throw new Error('expected a rejection');
}

const validState = (): Record<string, unknown> => ({ type: 'toolwright.run-state', version: 1, api: 'openai-chat', messages: [], calls: [], completed: [], pending: [], answers: {}, step: 0, usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0 }, toolNames: [] });

describe('runTools configuration', () => {
  it('rejects a maxSteps that is not a positive integer', async () => {
    expect(await rejection(runTools({ model: never, agent, input: 'x', maxSteps: 0 }))).toBe('INVALID_ARGUMENTS: runTools: maxSteps must be a positive integer; got 0.');
  });

  it('needs exactly one of input and state', async () => {
    const message = 'INVALID_ARGUMENTS: runTools: pass exactly one of input (a new run) or state (an interrupted run to continue).';
    expect(await rejection(runTools({ model: never, agent }))).toBe(message);
    expect(await rejection(runTools({ model: never, agent, input: 'x', state: RunState.fromJSON(validState()) }))).toBe(message);
  });

  it('refuses to continue a state with a model of another API', async () => {
    const model: ModelAdapter = { dialect: anthropicMessages, request: never.request };
    expect(await rejection(runTools({ model, agent, state: RunState.fromJSON(validState()) }))).toBe(
      "INVALID_ARGUMENTS: runTools: the state's messages are in the openai-chat format, but the model speaks anthropic; continue with a model of the same API.",
    );
  });
});

describe('RunState.fromJSON', () => {
  it('names what is wrong in a malformed state', () => {
    const bad = (patch: Record<string, unknown>): string => {
      try {
        RunState.fromJSON({ ...validState(), ...patch });
      } catch (error) {
        return (error as Error).message;
      }
      return 'accepted';
    };
    expect(bad({ type: 'x' })).toBe("RunState.fromJSON: type: expected 'toolwright.run-state'");
    expect(bad({ api: 'cohere' })).toBe('RunState.fromJSON: api: expected one of openai-chat, openai-responses, anthropic, gemini');
    expect(bad({ pending: [{ type: 'nope' }] })).toBe("RunState.fromJSON: pending[0]: type: expected 'toolwright.pending-approval'");
    expect(bad({ messages: 'x' })).toBe('RunState.fromJSON: messages: expected an array');
    expect(bad({})).toBe('accepted');
  });

  it('rejects text that is not JSON with INVALID_ARGUMENTS', () => {
    expect(() => RunState.fromJSON('{"type":')).toThrow(/^RunState\.fromJSON: not JSON \(/);
  });

  it('approve and reject name the pending calls when the id is not one of them', () => {
    expect(() => RunState.fromJSON(validState()).approve('c9')).toThrow('RunState.approve: no pending call has id "c9"; pending: (none).');
  });
});

describe('transport failures', () => {
  let server: Server;
  let url = '';
  beforeAll(async () => {
    server = createServer((_req, res) => {
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end('{"error":{"message":"bad key"}}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => new Promise<void>((resolve) => server.close(() => resolve())));

  it('an HTTP error rejects naming the status, the URL and the body', async () => {
    expect(await rejection(runTools({ model: openAIChatModel({ baseURL: url, model: 'm' }), agent, input: 'x' }))).toBe(`INTERNAL: The model API answered 401 Unauthorized for POST ${url}/chat/completions: {"error":{"message":"bad key"}}`);
  });
});
