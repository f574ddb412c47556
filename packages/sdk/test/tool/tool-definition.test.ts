import { describe, expect, it } from '@jest/globals';
import { getEventListeners } from 'node:events';
import { DEFAULT_ANNOTATIONS, ErrorCode, Observation, ToolDefinition } from '@toolwright/sdk';
import type { ProgressReport, ToolContext } from '@toolwright/sdk';
import { EchoAction, EchoObservation, echoTool, EchoTool, SleepAction } from '../fixtures/tool-fixtures.js';
import { thrownBy } from '../fixtures/catch-error.js';

const sleeper = (execute: (a: SleepAction, ctx: ToolContext) => Promise<Observation>, timeoutMs?: number) =>
  new ToolDefinition({ name: 'sleep', description: 'Sleeps.', actionType: SleepAction, executor: { execute }, timeoutMs });

describe('ToolDefinition', () => {
  it('takes its name from the subclass, else from the Action class', () => {
    expect(echoTool().name).toBe('echo');
    expect(new ToolDefinition({ description: 'x', actionType: EchoAction }).name).toBe('echo');
    class BrowserToolSet extends ToolDefinition {}
    expect(new BrowserToolSet({ description: 'x', actionType: EchoAction }).name).toBe('browser_tool_set');
  });

  it('rejects names providers would refuse, and a missing description', () => {
    expect(thrownBy(() => new ToolDefinition({ name: 'bad name', description: 'x', actionType: EchoAction })).message).toBe(
      'Invalid tool name "bad name": names must match ^[a-zA-Z0-9_-]{1,64}$ (letters, digits, \'_\' or \'-\', 1 to 64 characters).',
    );
    expect(thrownBy(() => new ToolDefinition({ name: 'x'.repeat(65), description: 'x', actionType: EchoAction })).code).toBe(ErrorCode.INVALID_DEFINITION);
    expect(thrownBy(() => new ToolDefinition({ name: 'ok', actionType: EchoAction })).message).toBe(
      "Tool 'ok' needs a description: pass { description } or declare it with @Tool({ description }).",
    );
  });

  it('fills MCP’s annotation defaults and keeps what was declared', () => {
    const tool = echoTool();
    expect(tool.annotations).toEqual({ ...DEFAULT_ANNOTATIONS, readOnlyHint: true });
    expect(tool.declaredAnnotations).toEqual({ readOnlyHint: true });
    expect(DEFAULT_ANNOTATIONS).toEqual({ readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true });
  });

  it('declares no annotations for a tool given none: MCP defaults, none in its MCP descriptor', () => {
    const tool = new ToolDefinition({ name: 'plain', description: 'Plain.', actionType: EchoAction });
    expect(tool.declaredAnnotations).toEqual({});
    expect(tool.annotations).toEqual(DEFAULT_ANNOTATIONS);
    expect(tool.toMcpTool().annotations).toBeUndefined();
    expect(new ToolDefinition({ name: 'titled', title: 'Titled', description: 'Titled.', actionType: EchoAction }).toMcpTool().annotations).toEqual({ title: 'Titled' });
  });

  it('builds typed Actions from model arguments and calls the executor', async () => {
    const tool = echoTool();
    const action = tool.actionFromArguments({ text: 'ab', repeat_count: 2 });
    expect(action).toBeInstanceOf(EchoAction);
    const observation = await tool.call(action);
    expect(observation).toBeInstanceOf(EchoObservation);
    expect(observation.toLlmContent()).toEqual([{ type: 'text', text: 'echo: abab' }]);
  });

  it('throws INVALID_ARGUMENTS listing each path', () => {
    const error = thrownBy(() => echoTool().actionFromArguments({ text: 1, repeat_count: 0, loud: true }));
    expect(error.code).toBe(ErrorCode.INVALID_ARGUMENTS);
    expect(error.message).toBe(
      [
        "Invalid arguments for tool 'echo':",
        '- loud: unknown field; allowed fields: text, repeat_count',
        '- text: expected string, got number',
        '- repeat_count: expected a number >= 1, got 0',
      ].join('\n'),
    );
    expect(error.details.issues).toHaveLength(3);
  });

  it('drops injected security_risk and summary unless the Action declares them', () => {
    const action = echoTool().actionFromArguments({ text: 'a', security_risk: 'LOW', summary: 'says a' });
    expect(action.text).toBe('a');
  });

  it('refuses to call without an executor, naming the tool', async () => {
    const tool = new ToolDefinition({ name: 'idle', description: 'x', actionType: EchoAction });
    await expect(tool.call(new EchoAction())).rejects.toThrow("Tool 'idle' has no executor; give it one (executor option or withExecutor()) before calling it.");
  });

  it('turns a thrown error into an error observation', async () => {
    const tool = sleeper(async () => {
      throw new Error('disk on fire');
    });
    const o = await tool.call(tool.actionFromArguments({ ms: 1 }));
    expect(o.isError).toBe(true);
    expect(o.errorCode).toBe(ErrorCode.EXECUTION_FAILED);
    expect(o.text).toBe("Tool 'sleep' failed: disk on fire");
  });

  it('enforces the timeout, aborts the signal and interrupts the executor', async () => {
    let aborted = false;
    let interrupted = false;
    const tool = new ToolDefinition({
      name: 'sleep',
      description: 'Sleeps.',
      actionType: SleepAction,
      timeoutMs: 30,
      executor: {
        execute: (_a, ctx) =>
          new Promise<Observation>((resolve) => {
            ctx.signal.addEventListener('abort', () => (aborted = true));
            setTimeout(() => resolve(Observation.fromText('late')), 5_000).unref();
          }),
        interrupt: () => {
          interrupted = true;
        },
      },
    });
    const o = await tool.call(tool.actionFromArguments({ ms: 1 }));
    expect(o.errorCode).toBe(ErrorCode.TIMEOUT);
    expect(o.text).toBe("Tool 'sleep' timed out after 0.03 s and was interrupted. Try a smaller task, or a longer timeout if the tool takes one.");
    expect(aborted).toBe(true);
    await new Promise((r) => setImmediate(r));
    expect(interrupted).toBe(true);
  });

  it('lets a per-call timeout override the tool’s and turns an abort into an error observation', async () => {
    const never = sleeper(() => new Promise<Observation>(() => undefined), 60_000);
    const timedOut = await never.call(never.actionFromArguments({ ms: 1 }), { timeoutMs: 10 });
    expect(timedOut.errorCode).toBe(ErrorCode.TIMEOUT);
    const controller = new AbortController();
    const pending = never.call(never.actionFromArguments({ ms: 1 }), { signal: controller.signal });
    controller.abort();
    const o = await pending;
    expect(o.errorCode).toBe(ErrorCode.ABORTED);
    expect(o.text).toBe("Tool 'sleep' was cancelled.");
    const pre = await never.call(never.actionFromArguments({ ms: 1 }), { signal: AbortSignal.abort() });
    expect(pre.text).toBe("Tool 'sleep' was cancelled before it started.");
  });

  it('leaves no listener on a caller’s signal that outlives the calls', async () => {
    const tool = sleeper(async (_a, ctx) => Observation.fromText(String(ctx.signal.aborted)));
    const controller = new AbortController();
    for (let i = 0; i < 20; i++) {
      expect((await tool.call(tool.actionFromArguments({ ms: 1 }), { signal: controller.signal })).text).toBe('false');
    }
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });

  it('forwards progress reports, ignoring a failing listener', async () => {
    const reports: ProgressReport[] = [];
    const tool = sleeper(async (_a, ctx) => {
      ctx.reportProgress(1, 2, 'half');
      ctx.reportProgress(2, 2);
      return Observation.fromText('done');
    });
    await tool.call(tool.actionFromArguments({ ms: 1 }), { onProgress: (p) => reports.push(p) });
    expect(reports).toEqual([
      { progress: 1, total: 2, message: 'half', toolCallId: '', toolName: 'sleep' },
      { progress: 2, total: 2, message: undefined, toolCallId: '', toolName: 'sleep' },
    ]);
    const o = await tool.call(tool.actionFromArguments({ ms: 1 }), {
      onProgress: () => {
        throw new Error('listener bug');
      },
    });
    expect(o.text).toBe('done');
  });

  it('coerces a string to the declared Observation and a plain object through its fields', async () => {
    const stringy = new EchoTool({ description: 'x', actionType: EchoAction, observationType: EchoObservation, executor: { execute: () => 'plain' as never } });
    const s = await stringy.call(stringy.actionFromArguments({ text: 'a' }));
    expect(s).toBeInstanceOf(EchoObservation);
    expect(s.text).toBe('plain');
    const objecty = stringy.withExecutor({ execute: () => ({ echoed: 'obj' }) as never });
    const o = await objecty.call(objecty.actionFromArguments({ text: 'a' }));
    expect((o as EchoObservation).echoed).toBe('obj');
  });

  it('rejects results that are not the declared Observation, clearly', async () => {
    const tool = new EchoTool({ description: 'x', actionType: EchoAction, observationType: EchoObservation, executor: { execute: () => Observation.fromText('wrong type') } });
    const o = await tool.call(tool.actionFromArguments({ text: 'a' }));
    expect(o.isError).toBe(true);
    expect(o.text).toBe("Tool 'echo' returned Observation, expected EchoObservation.");
    const bad = tool.withExecutor({ execute: () => ({ echoed: 7 }) as never });
    const b = await bad.call(bad.actionFromArguments({ text: 'a' }));
    expect(b.text).toBe("Tool 'echo' returned an object that is not a valid EchoObservation:\n- echoed: expected string, got number");
    const err = tool.withExecutor({ execute: () => Observation.fromText('failed', { isError: true }) });
    expect((await err.call(err.actionFromArguments({ text: 'a' }))).text).toBe('failed');
  });

  it('says whether its rule matcher can match content: not with the default one', () => {
    expect(echoTool().matchesRuleContent).toBe(false);
    const withMatcher = new ToolDefinition({ name: 'm', description: 'x', actionType: EchoAction, permissions: { matchRule: (content) => content === 'a' } });
    expect(withMatcher.matchesRuleContent).toBe(true);
    class Matching extends ToolDefinition {
      override matchRule(content: string): boolean {
        return content === 'a';
      }
    }
    expect(new Matching({ name: 'n', description: 'x', actionType: EchoAction }).matchesRuleContent).toBe(true);
  });

  it('withExecutor returns a copy and leaves the original alone', async () => {
    const tool = echoTool();
    const copy = tool.withExecutor({ execute: () => EchoObservation.of({ echoed: 'copy' }) });
    expect(copy).toBeInstanceOf(EchoTool);
    expect(copy).not.toBe(tool);
    expect(((await copy.call(copy.actionFromArguments({ text: 'a' }))) as EchoObservation).echoed).toBe('copy');
    expect(((await tool.call(tool.actionFromArguments({ text: 'a' }))) as EchoObservation).echoed).toBe('a');
  });

  it('makes a lazyExecutor on the first call, once for the tool and its copies, and never for listing or closing', async () => {
    let made = 0;
    const lazy = new EchoTool({
      description: 'Echoes text back.',
      actionType: EchoAction,
      observationType: EchoObservation,
      lazyExecutor: () => (made++, { execute: (a: EchoAction) => EchoObservation.of({ echoed: a.text }) }),
    });
    lazy.toMcpTool();
    lazy.toOpenAITool();
    await lazy.close();
    const renamed = Object.assign(Object.create(Object.getPrototypeOf(lazy) as object) as EchoTool, lazy);
    expect(made).toBe(0);
    expect(((await lazy.call(lazy.actionFromArguments({ text: 'a' }))) as EchoObservation).echoed).toBe('a');
    expect(((await renamed.call(renamed.actionFromArguments({ text: 'b' }))) as EchoObservation).echoed).toBe('b');
    expect(renamed.executor).toBe(lazy.executor);
    expect(made).toBe(1);
  });

  it('reports what a lazyExecutor throws as the call\'s error observation, and refuses one given with an executor', async () => {
    const failing = new EchoTool({ description: 'x', actionType: EchoAction, lazyExecutor: () => { throw new Error('no session'); } });
    const result = await failing.call(failing.actionFromArguments({ text: 'a' }));
    expect(result.isError).toBe(true);
    expect(result.text).toContain('no session');
    expect(thrownBy(() => new EchoTool({ description: 'x', actionType: EchoAction, executor: { execute: () => EchoObservation.of({ echoed: '' }) }, lazyExecutor: () => ({ execute: () => EchoObservation.of({ echoed: '' }) }) })).message).toBe(
      "Tool 'echo': give executor or lazyExecutor, not both.",
    );
  });

  it('keeps its exports, and a copy made after an export keeps its own', () => {
    const tool = echoTool();
    const exported = tool.toOpenAITool();
    expect(tool.toOpenAITool()).toBe(exported);
    const copy = tool.withExecutor({ execute: () => EchoObservation.of({ echoed: 'copy' }) });
    const copied = copy.toOpenAITool();
    expect(copied).not.toBe(exported);
    expect(copied).toEqual(exported);
    expect(copy.toOpenAITool()).toBe(copied);
    expect(tool.toOpenAITool()).toBe(exported);
  });
});
