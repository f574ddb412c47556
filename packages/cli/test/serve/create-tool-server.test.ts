import { describe, expect, it } from '@jest/globals';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { CallToolResultSchema, ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import type { Progress } from '@modelcontextprotocol/sdk/types.js';
import { createToolServer } from '../../src/serve/create-tool-server.js';
import { DefinitionToolset, sampleTools } from '../helpers/sample-tools.js';

async function connect(toolset = new DefinitionToolset(sampleTools())): Promise<{ client: Client; toolset: DefinitionToolset; close: () => Promise<void> }> {
  const server = createToolServer(toolset);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'test', version: '1.0.0' });
  await client.connect(clientSide);
  return { client, toolset, close: async () => (await client.close(), await server.close()) };
}

describe('createToolServer', () => {
  it('lists every tool with its input schema, output schema, annotations and title', async () => {
    const { client, close } = await connect();
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['echo', 'wait', 'sum', 'pixel', 'fail']);
    const echo = tools.find((t) => t.name === 'echo')!;
    expect(echo.title).toBe('Echo');
    expect(echo.annotations).toEqual({ title: 'Echo', readOnlyHint: true, idempotentHint: true, openWorldHint: false });
    expect(echo.inputSchema).toMatchObject({ type: 'object', properties: { text: { type: 'string' }, times: { type: 'integer' } }, required: ['text'] });
    expect(echo.outputSchema).toBeUndefined();
    expect(tools.find((t) => t.name === 'sum')!.outputSchema).toMatchObject({ type: 'object', properties: { sum: { type: 'integer' } } });
    expect(client.getServerCapabilities()?.tools).toEqual({ listChanged: true });
    await close();
  });

  it('returns text, structured content, images and resources', async () => {
    const { client, close } = await connect();
    await client.listTools();
    expect(await client.callTool({ name: 'echo', arguments: { text: 'ab', times: 2 } })).toEqual({ content: [{ type: 'text', text: 'abab' }] });
    const sum = await client.callTool({ name: 'sum', arguments: { a: 2, b: 3 } });
    expect(sum.structuredContent).toEqual({ sum: 5 });
    expect(sum.content).toEqual([{ type: 'text', text: JSON.stringify({ sum: 5 }, null, 2) }]);
    const pixel = await client.callTool({ name: 'pixel', arguments: {} });
    expect(pixel.content).toEqual([
      { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
      { type: 'resource', resource: { uri: 'file:///tmp/a.txt', mimeType: 'text/plain', text: 'hello' } },
    ]);
    await close();
  });

  it('reports failures, bad arguments and unknown tools as isError results', async () => {
    const { client, close } = await connect();
    const fail = await client.callTool({ name: 'fail', arguments: {} });
    expect(fail).toEqual({ isError: true, content: [{ type: 'text', text: "Tool 'fail' failed: disk on fire" }] });
    const bad = await client.callTool({ name: 'echo', arguments: { text: 3 } });
    expect(bad.isError).toBe(true);
    expect(bad.content).toEqual([{ type: 'text', text: "Invalid arguments for tool 'echo':\n- text: expected string, got number" }]);
    const unknown = await client.callTool({ name: 'nope', arguments: {} });
    expect(unknown).toEqual({ isError: true, content: [{ type: 'text', text: "Tool 'nope' not found." }] });
    await close();
  });

  it('answers a malformed tools/call with -32602 and a one-line message naming the field', async () => {
    const { client, close } = await connect();
    const failure = (params: unknown) =>
      client.request({ method: 'tools/call', params } as never, CallToolResultSchema).then(
        () => undefined,
        (error: { code: number; message: string }) => ({ code: error.code, message: error.message }),
      );
    expect(await failure({ name: 'echo', arguments: ['hi'] })).toEqual({
      code: -32602,
      message: `MCP error -32602: tools/call: params.arguments: expected an object of the tool's arguments (e.g. {"path": "README.md"}), got an array.`,
    });
    expect(await failure({ name: 'echo', arguments: 'hi' })).toEqual({ code: -32602, message: expect.stringMatching(/: params\.arguments: .*got a string\.$/) });
    expect(await failure({ arguments: {} })).toEqual({ code: -32602, message: "MCP error -32602: tools/call: params.name: expected the tool's name (a non-empty string), got undefined." });
    // The session still works, and other unknown methods are still "Method not found".
    expect(await client.callTool({ name: 'echo', arguments: { text: 'ok' } })).toEqual({ content: [{ type: 'text', text: 'ok' }] });
    expect(await client.request({ method: 'nope/nothing', params: {} } as never, CallToolResultSchema).catch((error: { code: number }) => error.code)).toBe(-32601);
    await close();
  });

  it('forwards progress to a client that asked for it', async () => {
    const { client, close } = await connect();
    const seen: Progress[] = [];
    const result = await client.callTool({ name: 'wait', arguments: { ms: 30 } }, undefined, { onprogress: (p) => seen.push(p) });
    expect(result.content).toEqual([{ type: 'text', text: 'waited 30 ms' }]);
    expect(seen).toEqual([
      { progress: 1, total: 3, message: 'step 1' },
      { progress: 2, total: 3, message: 'step 2' },
      { progress: 3, total: 3, message: 'step 3' },
    ]);
    await close();
  });

  it('aborts the running call when the client cancels', async () => {
    const toolset = new DefinitionToolset(sampleTools());
    let aborted: Promise<string> | undefined;
    const original = toolset.call.bind(toolset);
    toolset.call = (name, args, options) => {
      aborted = new Promise((resolve) => options.signal.addEventListener('abort', () => resolve('aborted'), { once: true }));
      return original(name, args, options);
    };
    const { client, close } = await connect(toolset);
    const controller = new AbortController();
    const pending = client.callTool({ name: 'wait', arguments: { ms: 5000 } }, undefined, { signal: controller.signal });
    await new Promise((r) => setTimeout(r, 30));
    controller.abort('user gave up');
    await expect(pending).rejects.toThrow(/user gave up/);
    await expect(aborted).resolves.toBe('aborted');
    await close();
  });

  it('announces a change of the toolset with list_changed and lists the new tools', async () => {
    const { client, toolset, close } = await connect();
    expect((await client.listTools()).tools).toHaveLength(5);
    const changed = new Promise<void>((resolve) => client.setNotificationHandler(ToolListChangedNotificationSchema, () => resolve()));
    toolset.replace(sampleTools().slice(0, 2));
    await changed;
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['echo', 'wait']);
    await close();
  });
});
