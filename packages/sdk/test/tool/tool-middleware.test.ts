import { afterEach, describe, expect, it } from '@jest/globals';
import { IsString } from 'class-validator';
import { Action, Agent, ConversationState, Field, Observation, ToolContext, ToolDefinition } from '@toolwright/sdk';
import type { NextToolStep, ToolCallProgress, ToolChunk, ToolInvocation, ToolMiddleware } from '@toolwright/sdk';
import { InMemoryMcpServer } from '@toolwright/sdk/testing';
import { createMcpToolsFromClients } from '@toolwright/sdk/mcp';
import type { McpToolset } from '@toolwright/sdk/mcp';
import type { PlainToolMiddleware } from '../../src/tool/tool-middleware.js';

class WordsAction extends Action {
  @Field({ description: 'Words to say' }) @IsString() words!: string;
}

/** A middleware that logs `<name>-pre` / `<name>-post` around the inner ones (and, with `chunks`, each chunk it passes on). */
function tracing(name: string, log: string[], chunks = true): ToolMiddleware {
  return async function* (_call, next) {
    log.push(`${name}-pre`);
    for await (const chunk of next()) {
      if (chunks) log.push(`${name} saw ${typeof chunk === 'string' ? chunk : chunk instanceof Observation ? chunk.text : 'content'}`);
      yield chunk;
    }
    log.push(`${name}-post`);
  };
}

function sayTool(log: string[], middleware: ToolMiddleware[] = []): ToolDefinition<WordsAction> {
  return new ToolDefinition({
    name: 'say',
    description: 'Says words.',
    actionType: WordsAction,
    middleware,
    executor: {
      execute: (action) => {
        log.push('tool');
        return Observation.fromText(action.words);
      },
    },
  });
}

/** A streaming tool: one chunk per word. */
function streamTool(log: string[]): ToolDefinition<WordsAction> {
  return new ToolDefinition({
    name: 'stream',
    description: 'Streams words.',
    actionType: WordsAction,
    executor: {
      async *execute(action) {
        for (const word of action.words.split(' ')) {
          log.push(`tool yields ${word}`);
          yield word;
        }
      },
    },
  });
}

let agent: Agent | undefined;
let toolset: McpToolset | undefined;
afterEach(async () => {
  await agent?.close();
  await toolset?.close();
  agent = undefined;
  toolset = undefined;
});

describe('tool middleware (AgentScope onion)', () => {
  it('runs [m1, m2] as m1-pre, m2-pre, the tool, m2-post, m1-post on a direct tool.call (fact 35)', async () => {
    const log: string[] = [];
    const tool = sayTool(log, [tracing('m1', log, false), tracing('m2', log, false)]);
    const observation = await tool.call(tool.actionFromArguments({ words: 'hi' }));
    expect(log).toEqual(['m1-pre', 'm2-pre', 'tool', 'm2-post', 'm1-post']);
    expect(observation.text).toBe('hi');
  });

  it('fires when an Agent calls the tool too, and `use` adds inner layers (first registered stays outermost)', async () => {
    const log: string[] = [];
    const tool = sayTool(log, [tracing('outer', log)]).use(tracing('inner', log));
    agent = new Agent({ extraTools: [tool] });
    await agent.initialize(new ConversationState({ workingDir: '/tmp' }));
    const result = await agent.executeToolCall({ id: '1', name: 'say', arguments: '{"words":"yo"}' });
    // A chunk flows out through every layer as soon as it is yielded, before the inner post parts.
    expect(log).toEqual(['outer-pre', 'inner-pre', 'tool', 'inner saw yo', 'outer saw yo', 'inner-post', 'outer-post']);
    expect(result.observation.text).toBe('yo');
  });

  it('lets every middleware see every chunk of a streaming executor; the result is their accumulation; progress carries each chunk', async () => {
    const log: string[] = [];
    const tool = streamTool(log).use(tracing('m', log));
    const progress: ToolCallProgress[] = [];
    const observation = await tool.call(tool.actionFromArguments({ words: 'one two three' }), { toolCallId: 'c1', onProgress: (p) => progress.push(p) });
    expect(log).toEqual(['m-pre', 'tool yields one', 'm saw one', 'tool yields two', 'm saw two', 'tool yields three', 'm saw three', 'm-post']);
    // Adjacent text chunks are one text, cut into pieces: they coalesce into one block.
    expect(observation.content).toEqual([{ type: 'text', text: 'onetwothree' }]);
    expect(progress.map((p) => [p.progress, p.message, p.toolCallId, p.toolName])).toEqual([
      [1, 'one', 'c1', 'stream'],
      [2, 'two', 'c1', 'stream'],
      [3, 'three', 'c1', 'stream'],
    ]);
    expect(progress[0]!.chunk).toEqual([{ type: 'text', text: 'one' }]);
  });

  it('lets a middleware transform chunks, replace the Action, or recover from a failure', async () => {
    const upper: ToolMiddleware = async function* (_call, next) {
      for await (const chunk of next()) yield typeof chunk === 'string' ? chunk.toUpperCase() : chunk;
    };
    const log: string[] = [];
    const streamed = streamTool(log).use(upper);
    expect((await streamed.call(streamed.actionFromArguments({ words: 'a b' }))).text).toBe('AB');

    const polite = sayTool([], [
      async function* (call, next) {
        yield* next(Object.assign(new WordsAction(), { words: `please ${(call.action as WordsAction).words}` }));
      },
    ]);
    expect((await polite.call(polite.actionFromArguments({ words: 'sit' }))).text).toBe('please sit');

    const failing = new ToolDefinition({
      name: 'flaky',
      description: 'Fails.',
      actionType: WordsAction,
      middleware: [
        async function* (_call: ToolInvocation, next: NextToolStep): AsyncGenerator<ToolChunk> {
          try {
            yield* next();
          } catch {
            yield Observation.fromText('recovered');
          }
        },
      ],
      executor: {
        execute: () => {
          throw new Error('flake');
        },
      },
    });
    expect((await failing.call(failing.actionFromArguments({ words: 'x' }))).text).toBe('recovered');
  });

  it('turns a middleware failure and a bad chunk into error Observations', async () => {
    const broken = sayTool([], [
      // eslint-disable-next-line require-yield
      async function* () {
        throw new Error('middleware bug');
      },
    ]);
    const failed = await broken.call(broken.actionFromArguments({ words: 'x' }));
    expect([failed.isError, failed.errorCode, failed.text]).toEqual([true, 'EXECUTION_FAILED', "Tool 'say' failed: middleware bug"]);
    const odd = new ToolDefinition({
      name: 'odd',
      description: 'Streams a number.',
      actionType: WordsAction,
      executor: {
        async *execute() {
          yield 42 as unknown as string;
        },
      },
    });
    const bad = await odd.call(odd.actionFromArguments({ words: 'x' }));
    expect(bad.text).toBe("Tool 'odd' failed: it streamed number; a chunk must be a string, { content: Content[] } or an Observation.");
  });

  it('attaches to an MCP tool as well', async () => {
    const server = new InMemoryMcpServer({
      name: 'srv',
      tools: [{ name: 'echo', inputSchema: { type: 'object', properties: { text: { type: 'string' } } }, handler: (args) => `echo: ${String(args.text)}` }],
    });
    toolset = await createMcpToolsFromClients([server.client()]);
    const echo = toolset.tools[0]!;
    const log: string[] = [];
    echo.use(tracing('mcp', log));
    const observation = await echo.call(echo.actionFromArguments({ text: 'hi' }));
    expect(observation.text).toBe('echo: hi');
    expect(log).toEqual(['mcp-pre', 'mcp saw echo: hi', 'mcp-post']);
  });
});

/** A plain middleware that logs `<name>-pre` / `<name>-post` around the inner ones and passes their Observation on. */
function plainTracing(name: string, log: string[]): PlainToolMiddleware {
  return async (_call, next) => {
    log.push(`${name}-pre`);
    const observation = await next();
    log.push(`${name}-post ${observation.text}`);
    return observation;
  };
}

describe('plain tool middleware ((call, next) => Promise<Observation>)', () => {
  it('runs in registration order and mixes with the streaming form, on a direct call and under an Agent', async () => {
    const log: string[] = [];
    const tool = sayTool(log).use(plainTracing('p1', log), tracing('m2', log, false), plainTracing('p3', log));
    expect((await tool.call(tool.actionFromArguments({ words: 'hi' }))).text).toBe('hi');
    expect(log).toEqual(['p1-pre', 'm2-pre', 'p3-pre', 'tool', 'p3-post hi', 'm2-post', 'p1-post hi']);

    log.length = 0;
    const state = new ConversationState({ workingDir: process.cwd() });
    agent = new Agent({ extraTools: [tool] });
    await agent.initialize(state);
    const result = await agent.executeToolCall({ id: 'c1', name: 'say', arguments: '{"words":"yo"}' });
    expect(result.observation.text).toBe('yo');
    expect(log).toEqual(['p1-pre', 'm2-pre', 'p3-pre', 'tool', 'p3-post yo', 'm2-post', 'p1-post yo']);
  });

  it('may replace the Action, replace the result, or recover from the error the inner ones rejected with', async () => {
    const please: PlainToolMiddleware = async (call, next) => next(Object.assign(new WordsAction(), { words: `please ${(call.action as WordsAction).words}` }));
    const polite = sayTool([]).use(please);
    expect((await polite.call(polite.actionFromArguments({ words: 'sit' }))).text).toBe('please sit');

    const loud: PlainToolMiddleware = async (_call, next) => Observation.fromText((await next()).text.toUpperCase());
    const shouting = sayTool([]).use(loud);
    expect((await shouting.call(shouting.actionFromArguments({ words: 'hey' }))).text).toBe('HEY');

    const seen: unknown[] = [];
    const failing = new ToolDefinition({
      name: 'flaky',
      description: 'Fails.',
      actionType: WordsAction,
      middleware: [
        (async (_call, next) => {
          try {
            return await next();
          } catch (error) {
            seen.push(error);
            return Observation.fromText('recovered');
          }
        }) as PlainToolMiddleware,
      ],
      executor: {
        execute: () => {
          throw new Error('flake');
        },
      },
    });
    expect((await failing.call(failing.actionFromArguments({ words: 'x' }))).text).toBe('recovered');
    // The error itself, not an error Observation: the funnel words it only at the end.
    expect(seen).toEqual([new Error('flake')]);
  });

  it('keeps a synchronous tool synchronous through pass-through plain middleware (no timer, no promise)', () => {
    const same: PlainToolMiddleware = (_call, next) => next();
    const awaiting: PlainToolMiddleware = async (_call, next) => await next();
    const tool = sayTool([]).use(same, awaiting);
    const passThrough = sayTool([]).use(same, same);
    const action = passThrough.actionFromArguments({ words: 'now' });
    const ctx = new ToolContext();
    passThrough.prepareContext(ctx);
    const result = passThrough.invoke(action, ctx);
    expect(result).toBeInstanceOf(Observation);
    expect((result as Observation).text).toBe('now');
    // One that awaits makes the call asynchronous, with the same answer.
    const awaited = new ToolContext();
    tool.prepareContext(awaited);
    expect(tool.invoke(tool.actionFromArguments({ words: 'later' }), awaited)).toBeInstanceOf(Promise);
  });

  it('turns a throwing plain middleware into the error funnel\'s Observation', async () => {
    const bug: PlainToolMiddleware = () => {
      throw new Error('middleware bug');
    };
    const broken = sayTool([]).use(bug);
    const failed = await broken.call(broken.actionFromArguments({ words: 'x' }));
    expect([failed.isError, failed.errorCode, failed.text]).toEqual([true, 'EXECUTION_FAILED', "Tool 'say' failed: middleware bug"]);
  });

  it('sees a streaming executor\'s chunks added up, each chunk reported as progress once, also under a streaming middleware outside it', async () => {
    const log: string[] = [];
    const tool = streamTool(log).use(tracing('outer', log), plainTracing('plain', log));
    const progress: ToolCallProgress[] = [];
    const observation = await tool.call(tool.actionFromArguments({ words: 'one two' }), { onProgress: (p) => progress.push(p) });
    expect(observation.text).toBe('onetwo');
    expect(log).toEqual(['outer-pre', 'plain-pre', 'tool yields one', 'tool yields two', 'plain-post onetwo', 'outer saw onetwo', 'outer-post']);
    expect(progress.map((p) => p.message)).toEqual(['one', 'two']);
  });
});
