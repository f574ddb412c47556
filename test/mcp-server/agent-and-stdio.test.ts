import { afterEach, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { z } from 'zod';
import { Agent, ConversationState, defineTool } from '@toolwright/sdk';
import { createMcpServer } from '@toolwright/sdk/mcp';
import type { ToolwrightMcpServer } from '@toolwright/sdk/mcp';
import { review } from '../../examples/mcp-server.js';

const echo = defineTool({ name: 'echo', description: 'Echoes the text.', input: z.object({ text: z.string() }), annotations: { readOnlyHint: true }, execute: ({ text }) => text });
const wipe = defineTool({ name: 'wipe', description: 'Wipes everything.', input: z.object({}), execute: () => 'wiped' });

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function overMemory(server: ToolwrightMcpServer): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'memory-test', version: '1.0.0' });
  await client.connect(clientSide);
  cleanups.push(() => client.close());
  return client;
}

describe('createMcpServer over any MCP SDK transport (connect)', () => {
  it('serves tools and prompts through connect(transport), as over stdio', async () => {
    const server = createMcpServer({ tools: [echo], prompts: [review] });
    cleanups.push(() => server.close());
    const client = await overMemory(server);
    expect(await client.callTool({ name: 'echo', arguments: { text: 'hi' } })).toEqual({ content: [{ type: 'text', text: 'hi' }] });
    expect((await client.listPrompts()).prompts.map((p) => p.name)).toEqual(['review']);
  });

  it("refuses a tool call's bad arguments as an error result naming the path", async () => {
    const server = createMcpServer({ tools: [echo] });
    cleanups.push(() => server.close());
    const client = await overMemory(server);
    const result = await client.callTool({ name: 'echo', arguments: { text: 3 } });
    expect(result.isError).toBe(true);
    expect((result.content as { text: string }[])[0]!.text).toBe("Invalid arguments for tool 'echo':\n- text: Invalid input: expected string, received number\nFix this argument and call 'echo' again.");
  });
});

describe('createMcpServer({ tools, policy }) and ({ agent })', () => {
  it('checks served calls with the policy: a denied tool answers with the rule', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tw-mcp-server-policy-'));
    cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
    const server = createMcpServer({ tools: [echo, wipe], policy: { mode: 'default', deny: ['wipe'], auditLog: false, grantsFile: false }, workingDir: dir });
    cleanups.push(() => server.close());
    const client = await overMemory(server);
    expect(await client.callTool({ name: 'echo', arguments: { text: 'ok' } })).toEqual({ content: [{ type: 'text', text: 'ok' }] });
    const denied = await client.callTool({ name: 'wipe', arguments: {} });
    expect(denied.isError).toBe(true);
    expect((denied.content as { text: string }[])[0]!.text).toMatch(/^Permission denied for tool 'wipe': Rule wipe .*denies this call of 'wipe'/);
  });

  it("serves an Agent's current tools over HTTP, its calls through the agent", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tw-mcp-server-agent-'));
    const agent = new Agent({ extraTools: [echo] });
    await agent.initialize(new ConversationState({ workingDir: dir }));
    const server = createMcpServer({ agent, name: 'agent-server' });
    const running = await server.listen();
    cleanups.push(async () => {
      await server.close();
      await agent.close();
      rmSync(dir, { recursive: true, force: true });
    });
    const client = new Client({ name: 'agent-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(running.url)));
    cleanups.push(() => client.close());
    expect(client.getServerVersion()?.name).toBe('agent-server');
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['echo']);
    expect(await client.callTool({ name: 'echo', arguments: { text: 'via agent' } })).toEqual({ content: [{ type: 'text', text: 'via agent' }] });
  });

  it('reports a tools configuration mistake from ready() and listen()', async () => {
    const server = createMcpServer({ tools: [echo, echo] });
    await expect(server.ready()).rejects.toThrow(/echo/);
    await expect(server.listen()).rejects.toThrow(/echo/);
    await server.close();
  });
});
