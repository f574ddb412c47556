import { describe, expect, it } from '@jest/globals';
import { IsString } from 'class-validator';
import { Action, DEFAULT_TOOL_TIMEOUT_MS, Field, Observation, ToolContext, ToolDefinition } from '@toolwright/sdk';
import type { ToolwrightError } from '@toolwright/sdk';

class AskAction extends Action {
  @Field({ description: 'What to do' }) @IsString() what!: string;
}

/** `ask`: uses the client's log/sample/elicit, or hangs until its signal aborts. */
function askTool(timeoutMs?: number): ToolDefinition<AskAction> {
  return new ToolDefinition({
    name: 'ask',
    description: 'Asks the client.',
    actionType: AskAction,
    timeoutMs,
    executor: {
      execute: async (action, ctx) => {
        if (action.what === 'log') {
          await ctx.log('info', 'hello');
          return Observation.fromText('logged');
        }
        if (action.what === 'sample') return Observation.fromText(JSON.stringify(await ctx.sample({ messages: [], maxTokens: 5 })));
        if (action.what === 'elicit') return Observation.fromText(JSON.stringify(await ctx.elicit({ message: 'ok?', requestedSchema: { type: 'object' } })));
        await new Promise<void>((resolve) => ctx.signal.addEventListener('abort', () => resolve(), { once: true }));
        return Observation.fromText('too late');
      },
    },
  });
}

describe('ToolContext', () => {
  it('answers sample and elicit with a clear NOT_SUPPORTED error when the client offers none; a log never fails the call', async () => {
    const tool = askTool();
    expect((await tool.call(tool.actionFromArguments({ what: 'log' }))).text).toBe('logged');
    for (const [what, name] of [['sample', 'Sampling'], ['elicit', 'Elicitation']] as const) {
      const observation = await tool.call(tool.actionFromArguments({ what }));
      expect([observation.errorCode, observation.text]).toEqual(['NOT_SUPPORTED', `${name} is not supported by this client.`]);
    }
  });

  it('passes log, sample and elicit to the client handlers given with the call', async () => {
    const tool = askTool();
    const logs: unknown[] = [];
    const client = {
      log: (level: string, data: unknown) => void logs.push([level, data]),
      sample: async () => ({ role: 'assistant' as const, content: { type: 'text' as const, text: 'yes' } }),
      elicit: async () => ({ action: 'accept' as const, content: { ok: true } }),
    };
    expect((await tool.call(tool.actionFromArguments({ what: 'log' }), { client })).text).toBe('logged');
    expect(logs).toEqual([['info', 'hello']]);
    expect((await tool.call(tool.actionFromArguments({ what: 'sample' }), { client })).text).toBe('{"role":"assistant","content":{"type":"text","text":"yes"}}');
    expect((await tool.call(tool.actionFromArguments({ what: 'elicit' }), { client })).text).toBe('{"action":"accept","content":{"ok":true}}');
  });

  it('creates no AbortSignal for a call that cannot be cancelled', async () => {
    const ctx = new ToolContext({});
    expect(ctx.cancellable).toBe(false);
    expect(ctx.reportsProgress).toBe(false);
    expect(new ToolContext({ signal: new AbortController().signal }).cancellable).toBe(true);
  });

  it("gives a call without a time limit the caller's own signal (no controller of its own), and a call with one a signal that also follows the caller's", async () => {
    const caller = new AbortController();
    const unlimited = new ToolContext({ signal: caller.signal });
    askTool(0).prepareContext(unlimited);
    expect(unlimited.signal).toBe(caller.signal);

    const limited = new ToolContext({ signal: caller.signal });
    askTool().prepareContext(limited);
    expect(limited.signal).not.toBe(caller.signal);
    caller.abort('stop');
    expect([limited.signal.aborted, limited.signal.reason]).toEqual([true, 'stop']);

    // Either way, cancelling the caller's signal ends a running call with ABORTED.
    const running = new AbortController();
    const tool = askTool(0);
    const call = tool.call(tool.actionFromArguments({ what: 'wait' }), { signal: running.signal });
    running.abort();
    expect((await call).errorCode).toBe('ABORTED');
  });

  it('gives native tools a default time limit of 5 minutes; 0 means none', () => {
    expect(DEFAULT_TOOL_TIMEOUT_MS).toBe(300_000);
    expect(askTool().timeoutMs).toBe(300_000);
    expect(askTool(0).timeoutMs).toBe(0);
    const ctx = new ToolContext({});
    askTool().prepareContext(ctx);
    expect(ctx.timeoutMs).toBe(300_000);
    askTool(0).prepareContext(ctx);
    expect(ctx.timeoutMs).toBeUndefined();
  });

  it('stops a hanging call at its time limit', async () => {
    const tool = askTool(40);
    const observation = await tool.call(tool.actionFromArguments({ what: 'hang' }));
    expect([observation.errorCode, observation.text]).toEqual([
      'TIMEOUT',
      "Tool 'ask' timed out after 0.04 s and was interrupted. Try a smaller task, or a longer timeout if the tool takes one.",
    ]);
  });

  it('refuses time limits Node timers cannot keep, where they are configured (issue 16)', async () => {
    for (const bad of [Infinity, 1e12, -1, Number.NaN, 2 ** 31]) {
      expect(() => askTool(bad)).toThrow(`Tool 'ask': timeoutMs must be a finite number of milliseconds from 0 to 2147483647 (0 = no limit), got ${String(bad)}.`);
    }
    expect(askTool(2 ** 31 - 1).timeoutMs).toBe(2 ** 31 - 1);
    const tool = askTool();
    const call = tool.call(tool.actionFromArguments({ what: 'log' }), { timeoutMs: Infinity });
    await expect(call).rejects.toThrow('The call option timeoutMs must be a finite number of milliseconds from 0 to 2147483647 (0 = no limit), got Infinity.');
    await expect(call).rejects.toMatchObject({ code: 'INVALID_OPTIONS' } as Partial<ToolwrightError>);
  });
});
