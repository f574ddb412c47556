import { afterEach, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { packageEntry } from '../cli/cli-harness.js';
import { cleanUp, EVERYTHING, overStdio, textOf, until } from './proxy-harness.js';

afterEach(cleanUp);

const PROXIED = 'toolwright-mcp://everything/';

describe('serve --stdio as a full proxy of server-everything', () => {
  it('declares exactly what it can honour: tools, logging and what the upstream offers', async () => {
    const { client } = await overStdio(EVERYTHING);
    expect(client.getServerCapabilities()).toEqual({
      tools: { listChanged: true },
      logging: {},
      prompts: { listChanged: true },
      resources: { subscribe: true, listChanged: true },
      completions: {},
    });
  });

  it('lists and gets the upstream prompts under their own names (one server: nothing clashes)', async () => {
    const { client } = await overStdio(EVERYTHING);
    expect((await client.listPrompts()).prompts.map((p) => p.name)).toEqual(['simple-prompt', 'args-prompt', 'completable-prompt', 'resource-prompt']);
    expect(await client.getPrompt({ name: 'args-prompt', arguments: { city: 'Paris', state: 'Texas' } })).toEqual({
      messages: [{ role: 'user', content: { type: 'text', text: "What's weather in Paris, Texas?" } }],
    });
  });

  it('answers an unknown prompt with invalid params naming the available ones', async () => {
    const { client } = await overStdio(EVERYTHING);
    const error = await client.getPrompt({ name: 'nope' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(McpError);
    expect((error as McpError).code).toBe(-32602);
    expect((error as McpError).message).toBe('MCP error -32602: Prompt "nope" not found. Available: simple-prompt, args-prompt, completable-prompt, resource-prompt.');
  });

  it('lists resources and templates under toolwright-mcp://everything/ and reads them back', async () => {
    const { client } = await overStdio(EVERYTHING);
    const { resources } = await client.listResources();
    expect(resources.map((r) => r.uri)).toContain(`${PROXIED}demo://resource/static/document/architecture.md`);
    expect(resources.every((r) => r.uri.startsWith(PROXIED))).toBe(true);
    expect((await client.listResourceTemplates()).resourceTemplates.map((t) => t.uriTemplate)).toEqual([
      `${PROXIED}demo://resource/dynamic/text/{resourceId}`,
      `${PROXIED}demo://resource/dynamic/blob/{resourceId}`,
    ]);
    const doc = readFileSync(packageEntry('@modelcontextprotocol/server-everything', 'dist/docs/architecture.md'), 'utf8');
    expect(await client.readResource({ uri: `${PROXIED}demo://resource/static/document/architecture.md` })).toEqual({
      contents: [{ uri: `${PROXIED}demo://resource/static/document/architecture.md`, mimeType: 'text/markdown', text: doc }],
    });
  });

  it('reads an upstream URI as given in a tool result (the only server with resources)', async () => {
    const { client } = await overStdio(EVERYTHING);
    const doc = readFileSync(packageEntry('@modelcontextprotocol/server-everything', 'dist/docs/extension.md'), 'utf8');
    expect(await client.readResource({ uri: 'demo://resource/static/document/extension.md' })).toEqual({
      contents: [{ uri: `${PROXIED}demo://resource/static/document/extension.md`, mimeType: 'text/markdown', text: doc }],
    });
  });

  it('routes completion/complete by its ref to the upstream', async () => {
    const { client } = await overStdio(EVERYTHING);
    expect(await client.complete({ ref: { type: 'ref/prompt', name: 'completable-prompt' }, argument: { name: 'department', value: 'E' } })).toEqual({
      completion: { values: ['Engineering'], total: 1, hasMore: false },
    });
  });

  it("forwards the upstream's sampling request during a proxied call to the client, and its answer back", async () => {
    const { client, seen } = await overStdio(EVERYTHING, { sampling: {} });
    const result = await client.callTool({ name: 'trigger-sampling-request', arguments: { prompt: 'hello', maxTokens: 10 } });
    expect(seen.samples).toEqual([
      { messages: [{ role: 'user', content: { type: 'text', text: 'Resource trigger-sampling-request context: hello' } }], systemPrompt: 'You are a helpful test server.', temperature: 0.7, maxTokens: 10 },
    ]);
    expect(textOf(result)).toBe(`LLM sampling result: \n${JSON.stringify({ model: 'tiny-1', stopReason: 'endTurn', role: 'assistant', content: { type: 'text', text: 'forty-two' } }, null, 2)}`);
  });

  it("forwards the upstream's elicitation to the client (accepted: the answer goes back up with the schema's defaults)", async () => {
    const { client, seen } = await overStdio(EVERYTHING, { elicitation: {} }, { elicit: { action: 'accept', content: { name: 'Ada', check: true } } });
    const result = await client.callTool({ name: 'trigger-elicitation-request', arguments: {} });
    expect(seen.elicits).toHaveLength(1);
    expect(seen.elicits[0]!.message).toBe('Please provide inputs for the following fields:');
    const content = (result.content as { text: string }[]).map((c) => c.text);
    expect(content.slice(0, 2)).toEqual(['✅ User provided the requested information!', 'User inputs:\n- Name: Ada\n- Agreed to terms: true\n- Favorite Integer: 42\n- Favorite Number: 3.14']);
  });

  it("declares upstream the sampling and elicitation the client declared, so the upstream's gated tools follow", async () => {
    const gated = ['trigger-elicitation-request', 'trigger-sampling-request'];
    const plain = await overStdio(EVERYTHING, {});
    expect((await plain.client.listTools()).tools.map((t) => t.name).filter((name) => gated.includes(name))).toEqual([]);
    const sampling = await overStdio(EVERYTHING, { sampling: {} });
    expect((await sampling.client.listTools()).tools.map((t) => t.name).filter((name) => gated.includes(name))).toEqual(['trigger-sampling-request']);
    const both = await overStdio(EVERYTHING, { sampling: {}, elicitation: {} });
    expect((await both.client.listTools()).tools.map((t) => t.name).filter((name) => gated.includes(name))).toEqual(gated);
  });

  it("forwards the upstream's progress to the client's progress token", async () => {
    const { client } = await overStdio(EVERYTHING);
    const progress: unknown[] = [];
    const result = await client.callTool({ name: 'trigger-long-running-operation', arguments: { duration: 1, steps: 3 } }, undefined, { onprogress: (p) => progress.push(p) });
    expect(textOf(result)).toBe('Long running operation completed. Duration: 1 seconds, Steps: 3.');
    expect(progress).toEqual([
      { progress: 1, total: 3 },
      { progress: 2, total: 3 },
      { progress: 3, total: 3 },
    ]);
  });

  it('subscribes to a resource upstream and forwards its updates under the proxied URI', async () => {
    const { client, seen } = await overStdio(EVERYTHING);
    const uri = `${PROXIED}demo://resource/dynamic/text/1`;
    await expect(client.subscribeResource({ uri })).resolves.toEqual({});
    await client.callTool({ name: 'toggle-subscriber-updates', arguments: {} });
    // server-everything sends an update every 5 s; a loaded 2-core CI machine has missed two in a row.
    await until(() => seen.updates.length > 0, 25_000, 'a resource update');
    expect(seen.updates[0]).toBe(uri);
    await expect(client.unsubscribeResource({ uri })).resolves.toEqual({});
  }, 60_000);

  it('caps the subscriptions of one session at 1,000', async () => {
    const { client } = await overStdio(EVERYTHING);
    for (let i = 1; i <= 1_000; i++) await client.subscribeResource({ uri: `${PROXIED}demo://resource/dynamic/text/${i}` });
    const error = await client.subscribeResource({ uri: `${PROXIED}demo://resource/dynamic/text/1001` }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(McpError);
    expect([(error as McpError).code, (error as McpError).message]).toEqual([
      -32600,
      'MCP error -32600: Too many subscriptions: a session may subscribe to at most 1000 resources at once; unsubscribe from some first.',
    ]);
    await client.unsubscribeResource({ uri: `${PROXIED}demo://resource/dynamic/text/1` });
    await expect(client.subscribeResource({ uri: `${PROXIED}demo://resource/dynamic/text/1001` })).resolves.toEqual({});
  });
});
