import { afterEach, describe, expect, it } from '@jest/globals';
import { IsString } from 'class-validator';
import { Action, Agent, ConversationState, Field, Observation, ToolDefinition } from '@toolwright/sdk';
import { ERROR_HEADER } from '../../src/tool/observation.js';
import type { CallHooks, ObservationEvent, PostHook, PreHook } from '@toolwright/sdk';

class PathAction extends Action {
  @Field({ description: 'A path' }) @IsString() path!: string;
}

let agent: Agent | undefined;
afterEach(async () => {
  await agent?.close();
  agent = undefined;
});

/** `read`: records what it ran with; fails for paths starting with `bad`. */
function readTool(log: string[]): ToolDefinition<PathAction> {
  return new ToolDefinition({
    name: 'read',
    description: 'Reads a path.',
    actionType: PathAction,
    executor: {
      execute: (action) => {
        log.push(`tool(${action.path})`);
        if (action.path.startsWith('bad')) throw new Error(`no such file: ${action.path}`);
        return Observation.fromText(`contents of ${action.path}`);
      },
    },
  });
}

async function agentWith(hooks: CallHooks, log: string[]): Promise<Agent> {
  agent = new Agent({ extraTools: [readTool(log)], hooks });
  await agent.initialize(new ConversationState({ workingDir: '/tmp' }));
  return agent;
}

describe('call hooks (pai-agent-sdk semantics)', () => {
  it('runs global pre, tool pre, the tool, tool post, global post in that order (fact 37)', async () => {
    const log: string[] = [];
    const a = await agentWith(
      {
        pre: () => void log.push('global pre'),
        post: () => void log.push('global post'),
        tools: { read: { pre: () => void log.push('tool pre'), post: () => void log.push('tool post') } },
      },
      log,
    );
    const result = await a.executeToolCall({ id: '1', name: 'read', arguments: '{"path":"a.txt"}' });
    expect(log).toEqual(['global pre', 'tool pre', 'tool(a.txt)', 'tool post', 'global post']);
    expect(result.observation.text).toBe('contents of a.txt');
  });

  it('shares one metadata object per call between all four hooks, fresh for each call (fact 38)', async () => {
    const seen: Record<string, unknown>[] = [];
    const write =
      (key: string): PreHook =>
      (_ctx, _args, metadata) => {
        metadata[key] = Object.keys(metadata).length;
      };
    const read: PostHook = (_ctx, _result, metadata) => {
      metadata.last = true;
      seen.push({ ...metadata });
    };
    const a = await agentWith({ pre: write('globalPre'), post: read, tools: { read: { pre: write('toolPre'), post: read } } }, []);
    await a.executeToolCall({ id: '1', name: 'read', arguments: '{"path":"a"}' }, { metadata: { caller: 'test' } });
    await a.executeToolCall({ id: '2', name: 'read', arguments: '{"path":"b"}' });
    expect(seen).toEqual([
      { caller: 'test', globalPre: 1, toolPre: 2, last: true },
      { caller: 'test', globalPre: 1, toolPre: 2, last: true },
      { globalPre: 0, toolPre: 1, last: true },
      { globalPre: 0, toolPre: 1, last: true },
    ]);
  });

  it('gives post hooks the thrown error as the result, and lets one recover with an Observation (fact 39)', async () => {
    const results: string[] = [];
    const a = await agentWith(
      {
        tools: {
          read: {
            post: (_ctx, result) => {
              results.push(result instanceof Error ? `error: ${result.message}` : `ok: ${result.text}`);
              if (result instanceof Error) return Observation.fromText('fallback contents');
            },
          },
        },
        post: (_ctx, result) => void results.push(result instanceof Error ? 'global saw an error' : `global saw: ${result.text}`),
      },
      [],
    );
    const result = await a.executeToolCall({ id: '1', name: 'read', arguments: '{"path":"bad.txt"}' });
    expect(results).toEqual(['error: no such file: bad.txt', 'global saw: fallback contents']);
    expect(result.observation.isError).toBe(false);
    expect(result.observation.text).toBe('fallback contents');
    expect(result.events.map((e) => e.kind)).toEqual(['ActionEvent', 'ObservationEvent']);
  });

  it('turns an error no post hook recovered into the error Observation (fact 40)', async () => {
    const a = await agentWith({ post: (_ctx, result) => (result instanceof Error ? undefined : result) }, []);
    const result = await a.executeToolCall({ id: '1', name: 'read', arguments: '{"path":"bad.txt"}' });
    expect(result.observation.errorCode).toBe('EXECUTION_FAILED');
    expect(result.observation.toLlmContent()).toEqual([{ type: 'text', text: `${ERROR_HEADER}\nTool 'read' failed: no such file: bad.txt` }]);
  });

  it('turns a throwing pre hook into an error Observation naming the hook; the tool does not run, post hooks see the error (fact 41, done better)', async () => {
    const log: string[] = [];
    const a = await agentWith(
      {
        pre: function redactSecrets() {
          throw new Error('vault unreachable');
        },
        post: (_ctx, result) => void log.push(result instanceof Error ? `post saw: ${result.message}` : 'post saw a result'),
      },
      log,
    );
    const result = await a.executeToolCall({ id: '1', name: 'read', arguments: '{"path":"a.txt"}' });
    expect(log).toEqual(["post saw: The global pre hook 'redactSecrets' failed for tool 'read': vault unreachable"]);
    expect(result.observation.errorCode).toBe('HOOK_FAILED');
    expect(result.observation.text).toBe("The global pre hook 'redactSecrets' failed for tool 'read': vault unreachable");
    expect(result.events.map((e) => e.kind)).toEqual(['ActionEvent', 'ObservationEvent']);
  });

  it('names an anonymous hook by its place, and a throwing post hook too', async () => {
    const a = await agentWith(
      {
        tools: {
          read: {
            post: [
              () => undefined,
              () => {
                throw new Error('metrics down');
              },
            ],
          },
        },
      },
      [],
    );
    const result = await a.executeToolCall({ id: '1', name: 'read', arguments: '{"path":"a.txt"}' });
    expect(result.observation.text).toBe("The post hook #2 of tool 'read' failed: metrics down");
  });

  it('lets a pre hook rewrite the arguments, validated again into a new Action and ActionEvent', async () => {
    const log: string[] = [];
    const a = await agentWith({ tools: { read: { pre: (_ctx, args) => ({ ...args, path: `/sandbox/${String(args.path)}` }) } } }, log);
    const result = await a.executeToolCall({ id: '1', name: 'read', arguments: '{"path":"a.txt"}' });
    expect(log).toEqual(['tool(/sandbox/a.txt)']);
    expect(result.observation.text).toBe('contents of /sandbox/a.txt');
    const action = result.events[0]!.toJSON() as unknown as { action: { path: string } };
    expect(action.action.path).toBe('/sandbox/a.txt');
    expect((result.events[1] as ObservationEvent).actionId).toBe(result.events[0]!.id);
  });

  it('refuses arguments a pre hook rewrote into invalid ones, naming the hook and the field', async () => {
    const log: string[] = [];
    const a = await agentWith({ pre: function toNumber(_ctx, args) { return { ...args, path: 42 }; } }, log);
    const result = await a.executeToolCall({ id: '1', name: 'read', arguments: '{"path":"a.txt"}' });
    expect(log).toEqual([]);
    expect(result.observation.errorCode).toBe('HOOK_FAILED');
    expect(result.observation.text).toBe(
      "The global pre hook 'toNumber' rewrote the arguments of tool 'read' into invalid ones. Invalid arguments for tool 'read':\n- path: expected string, got number\nFix this argument and call 'read' again.",
    );
  });

  it('runs asynchronous hooks in the same order, with the same rewrite and recovery', async () => {
    const log: string[] = [];
    const later = <T>(value: T): Promise<T> => new Promise((resolve) => setTimeout(() => resolve(value), 1));
    const a = await agentWith(
      {
        pre: async (_ctx, args) => (log.push('global pre'), later({ ...args, path: `bad-${String(args.path)}` })),
        post: async (_ctx, result) => void log.push(`global post: ${result instanceof Error ? 'error' : result.text}`),
        tools: {
          read: {
            pre: async () => void log.push('tool pre'),
            post: async (_ctx, result) => (log.push(`tool post: ${result instanceof Error ? result.message : 'ok'}`), later(Observation.fromText('recovered'))),
          },
        },
      },
      log,
    );
    const result = await a.executeToolCall({ id: '1', name: 'read', arguments: '{"path":"a"}' });
    expect(log).toEqual(['global pre', 'tool pre', 'tool(bad-a)', 'tool post: no such file: bad-a', 'global post: recovered']);
    expect(result.observation.text).toBe('recovered');
    await a.close();
    const failing = await agentWith({ pre: async function slowFail() { await later(0); throw new Error('late'); } }, []);
    expect((await failing.executeToolCall({ id: '2', name: 'read', arguments: '{"path":"a"}' })).observation.text).toBe(
      "The global pre hook 'slowFail' failed for tool 'read': late",
    );
  });

  it('refuses hooks that are not functions, and hooks for tools the agent lacks, at configuration time', async () => {
    expect(() => new Agent({ hooks: { pre: 'log' as unknown as PreHook } })).toThrow('hooks.pre must be a function, got string.');
    expect(() => new Agent({ hooks: { tools: { read: { post: [() => undefined, 3 as unknown as PostHook] } } } })).toThrow(
      'hooks.tools["read"].post[1] must be a function, got number.',
    );
    agent = new Agent({ extraTools: [readTool([])], hooks: { tools: { raed: { pre: () => undefined } } } });
    await expect(agent.initialize(new ConversationState({ workingDir: '/tmp' }))).rejects.toThrow("hooks.tools names 'raed', which this agent does not have. Tools: read.");
  });
});
