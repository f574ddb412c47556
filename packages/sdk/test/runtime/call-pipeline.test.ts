import { afterEach, describe, expect, it } from '@jest/globals';
import { IsString } from 'class-validator';
import { Action, Agent, ConversationState, ErrorCode, Field, Observation, ToolDefinition } from '@toolwright/sdk';
import { CallContext } from '../../src/runtime/call-context.js';
import { CallPipeline } from '../../src/runtime/call-pipeline.js';
import { ToolView } from '../../src/runtime/tool-view.js';
import { locksFor } from '../../src/tool/resource-locks.js';
import type { AgentErrorEvent, CallMiddleware, ToolContext } from '@toolwright/sdk';

class TextAction extends Action {
  @Field({ description: 'Some text' }) @IsString() text!: string;
}

function textTool(name: string, seen?: ToolContext[]): ToolDefinition<TextAction> {
  return new ToolDefinition({
    name,
    description: `The ${name} tool.`,
    actionType: TextAction,
    executor: {
      execute: (action, ctx) => {
        seen?.push(ctx);
        return Observation.fromText(`${name}: ${action.text}`);
      },
    },
  });
}

let agent: Agent | undefined;
afterEach(async () => {
  await agent?.close();
  agent = undefined;
});

async function start(options: ConstructorParameters<typeof Agent>[0]): Promise<Agent> {
  agent = new Agent(options);
  await agent.initialize(new ConversationState({ workingDir: '/tmp' }));
  return agent;
}

describe('CallPipeline', () => {
  it('runs agent middleware outermost, first registered first, around the whole call; after next() they see the tool, Action, decision and outcome', async () => {
    const log: string[] = [];
    const trace =
      (name: string): CallMiddleware =>
      async (ctx, next) => {
        log.push(`${name}-pre tool=${ctx.tool?.name ?? '-'}`);
        await next();
        log.push(`${name}-post tool=${ctx.tool?.name} action=${(ctx.action as TextAction).text} decision=${ctx.decision?.behavior} result=${ctx.observation?.text}`);
      };
    const permission: CallMiddleware = async (ctx, next) => {
      ctx.decision = { behavior: 'allow', reason: 'test' };
      await next();
    };
    const a = await start({ extraTools: [textTool('say')], middleware: [trace('a'), trace('b')], permission });
    await a.executeToolCall({ id: '1', name: 'say', arguments: '{"text":"hi"}' });
    expect(log).toEqual(['a-pre tool=-', 'b-pre tool=-', 'b-post tool=say action=hi decision=allow result=say: hi', 'a-post tool=say action=hi decision=allow result=say: hi']);
  });

  it('runs post phases after a failure: middleware sees the error outcome and may replace it', async () => {
    const seen: unknown[] = [];
    const a = await start({
      extraTools: [textTool('say')],
      middleware: [
        async (ctx, next) => {
          await next();
          seen.push(ctx.failed ? `failed: ${(ctx.error as Error).message}` : 'ok');
          if (ctx.failed && ctx.requestedName === 'sya') ctx.succeed(Observation.fromText('did you mean say?'));
        },
      ],
    });
    const unknown = await a.executeToolCall({ id: '1', name: 'nope', arguments: '{}' });
    expect(seen).toEqual(["failed: Tool 'nope' not found. Available: say."]);
    expect((unknown.events[0] as AgentErrorEvent).code).toBe('UNKNOWN_TOOL');
    const replaced = await a.executeToolCall({ id: '2', name: 'sya', arguments: '{}' });
    expect([replaced.observation.isError, replaced.observation.text]).toEqual([false, 'did you mean say?']);
  });

  it('makes a throwing middleware its error the outcome, never a rejection', async () => {
    const a = await start({
      extraTools: [textTool('say')],
      middleware: [
        async () => {
          throw new Error('middleware bug');
        },
      ],
    });
    const result = await a.executeToolCall({ id: '1', name: 'say', arguments: '{"text":"x"}' });
    expect([result.observation.errorCode, result.observation.text]).toEqual(['EXECUTION_FAILED', "Tool 'say' failed: middleware bug"]);
  });

  it('refuses middleware that is not a function at construction', () => {
    expect(() => new Agent({ middleware: [42 as unknown as CallMiddleware] })).toThrow('middleware[0] must be a function (ctx, next) => Promise<void>, got number.');
    expect(() => new Agent({ permission: 'yes' as unknown as CallMiddleware })).toThrow('permission must be a function (ctx, next) => Promise<void>, got string.');
  });

  it('builds one context per call and passes that same object to hooks, middleware and the executor', async () => {
    const seen: ToolContext[] = [];
    let fromMiddleware: CallContext | undefined;
    let fromHook: ToolContext | undefined;
    const a = await start({
      extraTools: [textTool('say', seen)],
      middleware: [async (ctx, next) => ((fromMiddleware = ctx), next())],
      hooks: { pre: (ctx) => void (fromHook = ctx) },
    });
    await a.executeToolCall({ id: 'c7', name: 'say', arguments: '{"text":"x"}' }, { metadata: { user: 'ada' } });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toBe(fromMiddleware);
    expect(seen[0]).toBe(fromHook);
    expect([seen[0]!.toolCallId, seen[0]!.toolName, seen[0]!.metadata.user, seen[0]!.state]).toEqual(['c7', 'say', 'ada', a.state]);
  });

  it('works without an Agent, over any CallEnvironment', async () => {
    const say = textTool('say');
    const environment = { toolsMap: new Map([['say', say]]), view: new ToolView([say]), locks: locksFor(undefined) };
    const ctx = new CallContext(environment, {}, 'x', 'say', { text: 'alone' });
    await new CallPipeline({ hooks: { post: () => Observation.fromText('rewritten') } }).run(ctx);
    const result = ctx.result();
    expect(result.events.map((e) => e.kind)).toEqual(['ActionEvent', 'ObservationEvent']);
    expect(result.observation.text).toBe('rewritten');
  });

  it('refuses an invalid call timeoutMs with INVALID_OPTIONS instead of timing out at once', async () => {
    const a = await start({ extraTools: [textTool('say')] });
    const result = await a.executeToolCall({ id: '1', name: 'say', arguments: '{"text":"x"}' }, { timeoutMs: 1e12 });
    expect(result.observation.errorCode).toBe(ErrorCode.INVALID_OPTIONS);
    expect(result.observation.text).toBe('The call option timeoutMs must be a finite number of milliseconds from 0 to 2147483647 (0 = no limit), got 1000000000000.');
  });
});

describe('ToolTable and ToolView', () => {
  it('keeps a hidden tool out of the schemas and refuses a call to it, naming the tools in view', async () => {
    let hideAdmin = true;
    const a = await start({ extraTools: [textTool('say'), textTool('admin')], visible: (tool) => !(hideAdmin && tool.name === 'admin') });
    expect([...a.toolsMap.keys()]).toEqual(['say', 'admin']);
    expect(a.toolSchemas('openai').map((t) => (t as { function: { name: string } }).function.name)).toEqual(['say']);
    const refused = await a.executeToolCall({ id: '1', name: 'admin', arguments: '{"text":"drop tables"}' });
    expect((refused.events[0] as AgentErrorEvent).code).toBe('UNKNOWN_TOOL');
    expect(refused.observation.text).toBe("Tool 'admin' is not available now. Available: say.");
    hideAdmin = false;
    // Still the turn the model saw: the view changes with the next turn.
    expect((await a.executeToolCall({ id: '2', name: 'admin', arguments: '{"text":"x"}' })).observation.isError).toBe(true);
    await a.startTurn();
    expect(a.toolSchemas('openai')).toHaveLength(2);
    expect((await a.executeToolCall({ id: '3', name: 'admin', arguments: '{"text":"x"}' })).observation.text).toBe('admin: x');
  });
});
