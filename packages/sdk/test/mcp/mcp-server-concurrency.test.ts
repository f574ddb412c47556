import { describe, expect, it } from '@jest/globals';
import type { McpServerConfig } from '@toolwright/sdk';
import { loadAgentSpec } from '@toolwright/sdk';
import { MCPClient, planMcpServers } from '@toolwright/sdk/mcp';

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
});
