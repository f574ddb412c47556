import { afterEach, describe, expect, it } from '@jest/globals';
import { cleanUp, EVERYTHING, overHttp, startHttpServe, textOf, TWO_UPSTREAMS, until } from './proxy-harness.js';

afterEach(cleanUp);

const LOUD = ['warning', 'error', 'critical', 'alert', 'emergency'];

describe('serve --http (127.0.0.1) as a full proxy', () => {
  it('proxies server-everything per session: prompts, resources, completions, sampling, elicitation, progress, subscriptions', async () => {
    const url = await startHttpServe(EVERYTHING);
    const { client, seen } = await overHttp(url, { sampling: {}, elicitation: {} }, { elicit: { action: 'accept', content: { name: 'Ada' } } });
    expect(client.getServerCapabilities()).toEqual({
      tools: { listChanged: true },
      logging: {},
      prompts: { listChanged: true },
      resources: { subscribe: true, listChanged: true },
      completions: {},
    });
    expect(await client.getPrompt({ name: 'simple-prompt' })).toEqual({ messages: [{ role: 'user', content: { type: 'text', text: 'This is a simple prompt without arguments.' } }] });
    expect(await client.complete({ ref: { type: 'ref/prompt', name: 'completable-prompt' }, argument: { name: 'department', value: 'M' } })).toEqual({
      completion: { values: ['Marketing'], total: 1, hasMore: false },
    });
    const read = await client.readResource({ uri: 'toolwright-mcp://everything/demo://resource/dynamic/text/2' });
    expect(read.contents.map((c) => [c.uri, c.mimeType])).toEqual([['toolwright-mcp://everything/demo://resource/dynamic/text/2', 'text/plain']]);
    const sampled = await client.callTool({ name: 'trigger-sampling-request', arguments: { prompt: 'over http', maxTokens: 7 } });
    expect(seen.samples.map((s) => s.messages)).toEqual([[{ role: 'user', content: { type: 'text', text: 'Resource trigger-sampling-request context: over http' } }]]);
    expect(textOf(sampled).startsWith('LLM sampling result: ')).toBe(true);
    const elicited = await client.callTool({ name: 'trigger-elicitation-request', arguments: {} });
    expect((elicited.content as { text: string }[])[1]!.text).toBe('User inputs:\n- Name: Ada\n- Favorite Integer: 42\n- Favorite Number: 3.14');
    const progress: unknown[] = [];
    await client.callTool({ name: 'trigger-long-running-operation', arguments: { duration: 1, steps: 2 } }, undefined, { onprogress: (p) => progress.push(p) });
    expect(progress).toEqual([
      { progress: 1, total: 2 },
      { progress: 2, total: 2 },
    ]);
    const uri = 'toolwright-mcp://everything/demo://resource/dynamic/text/5';
    await client.subscribeResource({ uri });
    await client.callTool({ name: 'toggle-subscriber-updates', arguments: {} });
    await until(() => seen.updates.length > 0, 10_000, 'a resource update over the SSE stream');
    expect(seen.updates[0]).toBe(uri);
  });

  it("sends an upstream's logs during a call to the calling session only (--shared-state: one upstream for all sessions)", async () => {
    const url = await startHttpServe(TWO_UPSTREAMS, ['--shared-state']);
    const a = await overHttp(url);
    const b = await overHttp(url);
    await a.client.setLoggingLevel('warning');
    expect(textOf(await a.client.callTool({ name: 'beta_log-levels', arguments: {} }))).toBe('logged');
    await until(() => a.seen.logs.length >= LOUD.length, 5_000, 'the calling session’s logs');
    expect(a.seen.logs).toEqual(LOUD.map((level) => ({ level, logger: 'beta/fx', data: { label: 'beta', level } })));
    expect(textOf(await b.client.callTool({ name: 'alpha_log-levels', arguments: {} }))).toBe('logged');
    await until(() => b.seen.logs.length >= 8, 5_000, 'the other session’s logs');
    expect(b.seen.logs.map((l) => [l.logger, l.level])).toEqual(['debug', 'info', 'notice', ...LOUD].map((level) => ['alpha/fx', level]));
    expect(a.seen.logs).toHaveLength(LOUD.length);
  });

  it('gives the upstream a clear error when the calling client did not declare sampling (--shared-state: upstreams declare both)', async () => {
    const url = await startHttpServe(EVERYTHING, ['--shared-state']);
    const { client, seen } = await overHttp(url);
    const result = await client.callTool({ name: 'trigger-sampling-request', arguments: { prompt: 'hello' } });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe('MCP error -32601: Sampling is not supported by the client of the call in progress.');
    expect(seen.samples).toEqual([]);
  });

  it('announces an upstream list change to every session sharing it', async () => {
    const url = await startHttpServe(TWO_UPSTREAMS, ['--shared-state']);
    const a = await overHttp(url);
    const b = await overHttp(url);
    await a.client.callTool({ name: 'alpha_add-prompt', arguments: { name: 'shared' } });
    await until(() => a.seen.listChanges.length > 0 && b.seen.listChanges.length > 0, 5_000, 'list_changed in both sessions');
    expect([a.seen.listChanges, b.seen.listChanges]).toEqual([['prompts'], ['prompts']]);
    expect((await b.client.listPrompts()).prompts.map((p) => p.name)).toContain('shared');
  });

  it('declares no subscriptions or list changes without sessions (--stateless), and still proxies requests and in-call logs', async () => {
    const url = await startHttpServe(TWO_UPSTREAMS, ['--stateless']);
    const { client, seen } = await overHttp(url);
    expect(client.getServerCapabilities()).toEqual({ tools: { listChanged: true }, logging: {}, prompts: {}, resources: {}, completions: {} });
    expect(await client.getPrompt({ name: 'alpha_greet', arguments: { who: 'LB' } })).toEqual({ description: 'from alpha', messages: [{ role: 'user', content: { type: 'text', text: 'alpha greets LB' } }] });
    expect(await client.readResource({ uri: 'toolwright-mcp://beta/fx://doc' })).toEqual({ contents: [{ uri: 'toolwright-mcp://beta/fx://doc', mimeType: 'text/plain', text: 'beta doc' }] });
    expect(textOf(await client.callTool({ name: 'alpha_log-levels', arguments: {} }))).toBe('logged');
    await until(() => seen.logs.length >= 8, 5_000, 'logs on the call’s stream');
    expect(seen.logs.map((l) => l.level)).toEqual(['debug', 'info', 'notice', ...LOUD]);
  });
});
