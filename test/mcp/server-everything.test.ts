import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { McpServerConfig, Observation, ProgressReport } from '@toolwright/sdk';
import { createMcpTools, MCPToolObservation } from '@toolwright/sdk/mcp';
import type { MCPToolDefinition, McpToolset } from '@toolwright/sdk/mcp';
import { EVERYTHING, isAlive, startEverythingHttp } from './support/servers.js';
import type { HttpServer } from './support/servers.js';

let http: HttpServer;
let sse: HttpServer;
beforeAll(async () => {
  [http, sse] = await Promise.all([startEverythingHttp(), startEverythingHttp(undefined, 'sse')]);
});
afterAll(async () => {
  await Promise.all([http.stop(), sse.stop()]);
});

const transports: [string, () => McpServerConfig][] = [
  ['stdio', () => ({ command: process.execPath, args: [EVERYTHING, 'stdio'] })],
  ['Streamable HTTP', () => ({ url: http.url })],
  ['legacy SSE', () => ({ url: sse.url, transport: 'sse' })],
];

describe.each(transports)('server-everything over %s', (_label, config) => {
  let toolset: McpToolset;
  const tool = (name: string): MCPToolDefinition => {
    const found = toolset.tools.find((t) => t.name === name);
    if (!found) throw new Error(`no tool ${name} in ${toolset.tools.map((t) => t.name).join(', ')}`);
    return found;
  };
  const call = (name: string, args: Record<string, unknown>, onProgress?: (p: ProgressReport) => void): Promise<Observation> =>
    tool(name).call(tool(name).actionFromArguments(args), { onProgress });

  beforeAll(async () => {
    toolset = await createMcpTools({ mcpServers: { everything: config() } });
  });
  afterAll(async () => {
    await toolset.close();
  });

  it('lists the tools with their names, titles and annotations', () => {
    const names = toolset.tools.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(['echo', 'get-sum', 'get-tiny-image', 'get-structured-content', 'trigger-long-running-operation']));
    // Task-only tools cannot be called by this client, so the model never sees them.
    expect(names).not.toContain('simulate-research-query');
    const echo = tool('echo');
    expect(echo.title).toBe('Echo Tool');
    expect(echo.annotations).toEqual({ readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false });
    expect(echo.inputSchema()).toMatchObject({ $schema: 'http://json-schema.org/draft-07/schema#', required: ['message'] });
    expect(echo.toAnthropicTool()).toEqual({
      name: 'echo',
      description: 'Echoes back the input string',
      input_schema: { type: 'object', properties: { message: { type: 'string', description: 'Message to echo' } }, required: ['message'] },
    });
  });

  it('calls a tool and returns its text', async () => {
    expect((await call('echo', { message: 'hello' })).text).toBe('Echo: hello');
    expect((await call('get-sum', { a: 2, b: 3 })).text).toContain('5');
  });

  it('rejects bad arguments locally, naming each path', () => {
    let message = '';
    try {
      tool('get-sum').actionFromArguments({ a: 'two' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message.split('\n').sort()).toEqual([
      '- a: expected number, got string',
      '- b: expected number, got nothing (required field missing)',
      "Invalid arguments for tool 'get-sum':",
    ]);
  });

  it('keeps image content', async () => {
    const observation = await call('get-tiny-image', {});
    const image = observation.content.find((c) => c.type === 'image');
    expect(image).toMatchObject({ type: 'image', mimeType: 'image/png' });
    expect(Buffer.from((image as { data: string }).data, 'base64').subarray(1, 4).toString()).toBe('PNG');
  });

  it('keeps structured content, checked against the output schema', async () => {
    const observation = (await call('get-structured-content', { location: 'Chicago' })) as MCPToolObservation;
    expect(observation).toBeInstanceOf(MCPToolObservation);
    expect(observation.isError).toBe(false);
    expect(observation.structuredContent).toEqual({ temperature: expect.any(Number), conditions: expect.any(String), humidity: expect.any(Number) });
    expect(tool('get-structured-content').outputSchema()).toMatchObject({ required: ['temperature', 'conditions', 'humidity'] });
  });

  it('keeps resource links and content annotations', async () => {
    const links = await call('get-resource-links', { count: 2 });
    expect(links.content.filter((c) => c.type === 'resource_link')).toHaveLength(2);
    const annotated = await call('get-annotated-message', { messageType: 'error', includeImage: true });
    expect(annotated.content[0]).toMatchObject({ type: 'text', annotations: { priority: 1 } });
    expect(annotated.content.some((c) => c.type === 'image')).toBe(true);
  });

  it('reports progress from trigger-long-running-operation', async () => {
    const progress: ProgressReport[] = [];
    const observation = await call('trigger-long-running-operation', { duration: 0.3, steps: 3 }, (p) => progress.push(p));
    expect(observation.isError).toBe(false);
    expect(progress.map((p) => [p.progress, p.total])).toEqual([
      [1, 3],
      [2, 3],
      [3, 3],
    ]);
  });
});

describe('server-everything over stdio, closing', () => {
  it('ends the child process on close (no zombie) and captures its stderr', async () => {
    const toolset = await createMcpTools({ mcpServers: { everything: { command: process.execPath, args: [EVERYTHING, 'stdio'] } } });
    const client = toolset.clients[0]!;
    const pid = client.pid!;
    expect(isAlive(pid)).toBe(true);
    await toolset.close();
    expect(isAlive(pid)).toBe(false);
    expect(client.stderrTail().join('\n')).toMatch(/server/i);
  });
});
