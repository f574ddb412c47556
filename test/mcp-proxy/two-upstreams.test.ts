import { afterEach, describe, expect, it } from '@jest/globals';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { cleanUp, overStdio, textOf, TWO_UPSTREAMS, until } from './proxy-harness.js';

afterEach(cleanUp);

/** The JSON-RPC error a promise rejects with. */
async function rpcFailure(promise: Promise<unknown>): Promise<{ code: number; message: string }> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof McpError)) throw new Error(`expected an McpError, got ${String(error)}`);
  return { code: error.code, message: error.message };
}

describe('serve --stdio proxying two servers whose names clash', () => {
  it('names clashing prompts like tools (<server>_<prompt>) and gets each from its own server', async () => {
    const { client } = await overStdio(TWO_UPSTREAMS);
    expect((await client.listPrompts()).prompts.map((p) => [p.name, p.description])).toEqual([
      ['alpha_greet', 'Greeting from alpha'],
      ['alpha_crash', 'Exits mid-answer'],
      ['alpha_huge', 'Answers with 12 MiB'],
      ['beta_greet', 'Greeting from beta'],
      ['beta_crash', 'Exits mid-answer'],
      ['beta_huge', 'Answers with 12 MiB'],
    ]);
    expect(await client.getPrompt({ name: 'beta_greet', arguments: { who: 'Ada' } })).toEqual({
      description: 'from beta',
      messages: [{ role: 'user', content: { type: 'text', text: 'beta greets Ada' } }],
    });
  });

  it('gives the same upstream URI of two servers two proxied URIs, each read from its server', async () => {
    const { client } = await overStdio(TWO_UPSTREAMS);
    expect((await client.listResources()).resources.map((r) => r.uri)).toEqual([
      'toolwright-mcp://alpha/fx://doc',
      'toolwright-mcp://alpha/fx://bad',
      'toolwright-mcp://beta/fx://doc',
      'toolwright-mcp://beta/fx://bad',
    ]);
    expect((await client.listResourceTemplates()).resourceTemplates.map((t) => t.uriTemplate)).toEqual(['toolwright-mcp://alpha/fx://item/{id}', 'toolwright-mcp://beta/fx://item/{id}']);
    expect(await client.readResource({ uri: 'toolwright-mcp://alpha/fx://doc' })).toEqual({ contents: [{ uri: 'toolwright-mcp://alpha/fx://doc', mimeType: 'text/plain', text: 'alpha doc' }] });
    expect(await client.readResource({ uri: 'toolwright-mcp://beta/fx://item/7' })).toEqual({ contents: [{ uri: 'toolwright-mcp://beta/fx://item/7', mimeType: 'text/plain', text: 'beta item/7' }] });
  });

  it('refuses a URI it cannot attribute to one server, saying which form is expected', async () => {
    const { client } = await overStdio(TWO_UPSTREAMS);
    expect(await rpcFailure(client.readResource({ uri: 'fx://doc' }))).toEqual({
      code: -32602,
      message: 'MCP error -32602: Resource "fx://doc" is not a URI of this server: proxied resources are named toolwright-mcp://<server>/<uri>. Servers with resources: alpha, beta.',
    });
    expect(await rpcFailure(client.readResource({ uri: 'toolwright-mcp://gamma/fx://doc' }))).toEqual({
      code: -32602,
      message: 'MCP error -32602: Resource "toolwright-mcp://gamma/fx://doc" names MCP server "gamma", which offers no resources here. Servers with resources: alpha, beta.',
    });
  });

  it('routes completions by prompt name and by resource template to the owning server', async () => {
    const { client } = await overStdio(TWO_UPSTREAMS);
    expect(await client.complete({ ref: { type: 'ref/prompt', name: 'alpha_greet' }, argument: { name: 'who', value: 'A' } })).toEqual({ completion: { values: ['alpha:prompt greet:who=A'] } });
    expect(await client.complete({ ref: { type: 'ref/resource', uri: 'toolwright-mcp://beta/fx://item/{id}' }, argument: { name: 'id', value: '4' } })).toEqual({
      completion: { values: ['beta:template fx://item/{id}:id=4'] },
    });
  });

  it("forwards an upstream's log messages at or above the client's level, logger prefixed with the server", async () => {
    const { client, seen } = await overStdio(TWO_UPSTREAMS);
    expect(textOf(await client.callTool({ name: 'beta_log-level', arguments: {} }))).toBe('none');
    await client.setLoggingLevel('warning');
    // Its one client's level is passed on, so upstreams filter at the source too.
    expect(textOf(await client.callTool({ name: 'beta_log-level', arguments: {} }))).toBe('warning');
    expect(textOf(await client.callTool({ name: 'alpha_log-levels', arguments: {} }))).toBe('logged');
    await until(() => seen.logs.length >= 5, 5_000, 'five log messages');
    expect(seen.logs).toEqual(['warning', 'error', 'critical', 'alert', 'emergency'].map((level) => ({ level, logger: 'alpha/fx', data: { label: 'alpha', level } })));
  });

  it('announces an upstream tools/prompts/resources list_changed and lists the new entries', async () => {
    const { client, seen } = await overStdio(TWO_UPSTREAMS);
    await client.listPrompts();
    expect(textOf(await client.callTool({ name: 'beta_add-prompt', arguments: { name: 'fresh' } }))).toBe('added prompt fresh');
    await until(() => seen.listChanges.length >= 1, 5_000, 'prompts list change');
    expect(textOf(await client.callTool({ name: 'alpha_add-resource', arguments: { name: 'new' } }))).toBe('added resource fx://new');
    await until(() => seen.listChanges.length >= 2, 5_000, 'resources list change');
    expect(textOf(await client.callTool({ name: 'alpha_add-tool', arguments: { name: 'shiny' } }))).toBe('added tool shiny');
    await until(() => seen.listChanges.length >= 3, 5_000, 'tools list change');
    expect(seen.listChanges).toEqual(['prompts', 'resources', 'tools']);
    expect((await client.listTools()).tools.map((t) => t.name)).toContain('shiny');
    expect((await client.listPrompts()).prompts.map((p) => p.name)).toContain('fresh');
    expect((await client.listResources()).resources.map((r) => r.uri)).toContain('toolwright-mcp://alpha/fx://new');
    expect(await client.getPrompt({ name: 'fresh' })).toEqual({ description: 'from beta', messages: [{ role: 'user', content: { type: 'text', text: 'beta greets nobody' } }] });
  });

  it("answers an upstream's sampling during a call from the client of that call", async () => {
    const { client, seen } = await overStdio(TWO_UPSTREAMS, { sampling: {} });
    expect(textOf(await client.callTool({ name: 'beta_ask-model', arguments: {} }))).toBe('beta heard: forty-two');
    expect(seen.samples).toEqual([{ messages: [{ role: 'user', content: { type: 'text', text: 'beta asks' } }], maxTokens: 5 }]);
  });
});

describe('serve --stdio with hostile upstreams', () => {
  it('turns a malformed upstream result into an error and keeps serving', async () => {
    const { client } = await overStdio(TWO_UPSTREAMS);
    const failure = await rpcFailure(client.readResource({ uri: 'toolwright-mcp://alpha/fx://bad' }));
    expect(failure.code).toBe(-32603);
    expect(failure.message).toBe(
      "MCP error -32603: Request 'resources/read' failed: MCP server 'alpha' sent an invalid result: contents: Invalid input: expected array, received string. This is a fault of the server, not of the arguments.",
    );
    expect(await client.readResource({ uri: 'toolwright-mcp://alpha/fx://doc' })).toEqual({ contents: [{ uri: 'toolwright-mcp://alpha/fx://doc', mimeType: 'text/plain', text: 'alpha doc' }] });
  });

  it('refuses an oversized upstream answer with an error, and the server goes on', async () => {
    const { client } = await overStdio(TWO_UPSTREAMS);
    const failure = await rpcFailure(client.getPrompt({ name: 'beta_huge' }));
    expect(failure.code).toBe(-32603);
    expect(failure.message).toBe(
      "MCP error -32603: Request 'prompts/get' on MCP server 'beta' returned a result too large to accept (The response was too large: a message of 12583012 bytes exceeded the limit of 10485760 bytes and was dropped.). Ask for less output, e.g. a narrower query or one page at a time.",
    );
    expect(await client.getPrompt({ name: 'alpha_greet', arguments: { who: 'Bo' } })).toEqual({ description: 'from alpha', messages: [{ role: 'user', content: { type: 'text', text: 'alpha greets Bo' } }] });
  });

  it('answers a request whose upstream crashed mid-answer with an error, and reconnects it on the next one', async () => {
    const { client } = await overStdio(TWO_UPSTREAMS);
    const failure = await rpcFailure(client.getPrompt({ name: 'alpha_crash' }));
    expect(failure.code).toBe(-32603);
    expect(failure.message.split('\n')[0]).toBe("MCP error -32603: MCP server 'alpha' dropped the connection during the call to 'prompts/get' (the server process exited with code 3).");
    expect(await client.getPrompt({ name: 'alpha_greet', arguments: { who: 'again' } })).toEqual({ description: 'from alpha', messages: [{ role: 'user', content: { type: 'text', text: 'alpha greets again' } }] });
    expect((await client.listTools()).tools.length).toBe(12);
  });
});
