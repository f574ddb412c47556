import { describe, expect, it } from '@jest/globals';
import type { McpServerConfig } from '@toolwright/sdk';
import { loadAgentSpec } from '@toolwright/sdk';
import { MCPClient, MCPToolDefinition, planMcpServers } from '@toolwright/sdk/mcp';
import type { McpConcurrency } from '@toolwright/sdk';
import { SchemaValidatorCache } from '../../src/mcp/schema-validator-cache.js';

const noTransport = (): never => {
  throw new Error('not connected in this test');
};

describe("an MCP server's concurrency option", () => {
  it("is carried by the plan only when 'parallel' ('serial' is the default)", () => {
    const [fast, careful, plain] = planMcpServers({
      fast: { command: 'node', concurrency: 'parallel' },
      careful: { command: 'node', concurrency: 'serial' },
      plain: { url: 'http://127.0.0.1:9/mcp' },
    });
    expect(fast!.concurrency).toBe('parallel');
    expect(careful!.concurrency).toBeUndefined();
    expect(plain!.concurrency).toBeUndefined();
  });

  it('rejects another value, naming the server, the field and the allowed values', async () => {
    expect(() => planMcpServers({ db: { command: 'node', concurrency: 'always' } as unknown as McpServerConfig })).toThrow(
      `Invalid MCP server 'db' (mcpServers.db.concurrency): expected 'serial' (calls that may write run one at a time; the default) or 'parallel' (this server's tools that are not read-only may run at the same time), got "always".`,
    );
    await expect(loadAgentSpec({ mcpServers: { db: { url: 'http://h/mcp', concurrency: 2 } } })).rejects.toMatchObject({
      code: 'INVALID_SPEC',
      message: expect.stringMatching(/mcpServers\.db\.concurrency.*expected 'serial' .*or 'parallel' .*got 2/) as unknown as string,
    });
  });

  it("is 'serial' on a client unless told otherwise, and a client given a wrong value fails at once", () => {
    expect(new MCPClient({ name: 'a', transport: noTransport }).concurrency).toBe('serial');
    expect(new MCPClient({ name: 'b', transport: noTransport, concurrency: 'parallel' }).concurrency).toBe('parallel');
    expect(() => new MCPClient({ name: 'c', transport: noTransport, concurrency: 'yes' as 'parallel' })).toThrow(
      `MCP client 'c': concurrency "yes" is not allowed; expected 'serial' (the default) or 'parallel'.`,
    );
  });

  it('lets calls of a tool that may write overlap when the server is parallel or the tool is idempotent and not destructive', () => {
    const overlaps = (concurrency: McpConcurrency, annotations: Record<string, boolean>): boolean =>
      new MCPToolDefinition({ name: 't', tool: { name: 't', inputSchema: { type: 'object' }, annotations }, client: new MCPClient({ name: 's', transport: noTransport, concurrency }), validators: new SchemaValidatorCache() }).declaresResources;
    expect(overlaps('serial', {})).toBe(false);
    expect(overlaps('parallel', {})).toBe(true);
    expect(overlaps('serial', { idempotentHint: true, destructiveHint: false })).toBe(true);
    expect(overlaps('serial', { idempotentHint: true })).toBe(false);
    expect(overlaps('serial', { destructiveHint: false })).toBe(false);
    // Read-only tools run together anyway: nothing to declare.
    expect(overlaps('parallel', { readOnlyHint: true })).toBe(false);
  });

  it("withConcurrency gives a copy that follows another setting (a tool group's), the original unchanged", () => {
    const client = new MCPClient({ name: 'groups', transport: noTransport });
    const tool = new MCPToolDefinition({ name: 'save', tool: { name: 'save', inputSchema: { type: 'object' } }, client, validators: new SchemaValidatorCache() });
    expect(tool.declaresResources).toBe(false);
    const parallel = tool.withConcurrency('parallel');
    expect(parallel.declaresResources).toBe(true);
    expect(parallel.resourcesOf()).toEqual([]);
    expect(parallel.withConcurrency('serial').declaresResources).toBe(false);
    expect(tool.declaresResources).toBe(false);
    expect(parallel.name).toBe('save');
  });
});
