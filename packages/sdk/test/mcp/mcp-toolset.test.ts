import { afterEach, describe, expect, it } from '@jest/globals';
import { createMcpToolsFromClients } from '@toolwright/sdk/mcp';
import type { McpToolsChange, McpToolset } from '@toolwright/sdk/mcp';
import { createInMemoryMcpServer } from '@toolwright/sdk/testing';

const toolsets: McpToolset[] = [];
afterEach(async () => {
  await Promise.all(toolsets.splice(0).map((t) => t.close()));
});

const keep = (toolset: McpToolset): McpToolset => (toolsets.push(toolset), toolset);
const names = (toolset: McpToolset): string[] => toolset.tools.map((t) => t.name);

describe('createMcpToolsFromClients', () => {
  it('names tools verbatim, prefixing only clashes with other servers and native tools', async () => {
    const alpha = createInMemoryMcpServer({ name: 'alpha', tools: [{ name: 'search' }, { name: 'think' }] });
    const beta = createInMemoryMcpServer({ name: 'beta', tools: [{ name: 'search' }, { name: 'fetch' }] });
    const toolset = keep(await createMcpToolsFromClients([alpha.client(), beta.client()], { reservedNames: ['think'] }));
    expect(names(toolset)).toEqual(['alpha_search', 'alpha_think', 'beta_search', 'fetch']);
    expect(toolset.tools.map((t) => t.mcpName)).toEqual(['search', 'think', 'search', 'fetch']);
    expect(toolset.serverNames).toEqual(['alpha', 'beta']);
    const observation = await toolset.tools[2]!.call(toolset.tools[2]!.actionFromArguments({ q: 1 }));
    expect(observation.text).toBe('{"q":1}');
    expect(beta.calls).toBe(1);
  });

  it("fails under namePolicy 'error' and closes every connection", async () => {
    const alpha = createInMemoryMcpServer({ name: 'alpha', tools: [{ name: 'search' }] });
    const beta = createInMemoryMcpServer({ name: 'beta', tools: [{ name: 'search' }] });
    const clients = [alpha.client(), beta.client()];
    await expect(createMcpToolsFromClients(clients, { namePolicy: 'error' })).rejects.toMatchObject({
      code: 'DUPLICATE_TOOL',
      message: expect.stringContaining("Tool name 'search' is claimed by both tool 'search' of MCP server 'alpha' and tool 'search' of MCP server 'beta'."),
    });
    expect(clients.map((c) => c.state)).toEqual(['closed', 'closed']);
  });

  it('applies enabledTools / disabledTools and rejects an enabled tool the server lacks', async () => {
    const server = createInMemoryMcpServer({ name: 'srv', tools: [{ name: 'a' }, { name: 'b' }, { name: 'c' }] });
    expect(names(keep(await createMcpToolsFromClients([server.client({ enabledTools: ['c', 'a'] })])))).toEqual(['a', 'c']);
    expect(names(keep(await createMcpToolsFromClients([server.client({ disabledTools: ['b'] })])))).toEqual(['a', 'c']);
    await expect(createMcpToolsFromClients([server.client({ enabledTools: ['a', 'unknown_tool'] })])).rejects.toThrow(
      "Invalid MCP server 'srv' (mcpServers.srv.enabledTools[1]): the server has no tool named 'unknown_tool'. Available: a, b, c.",
    );
    await expect(createMcpToolsFromClients([server.client({ enabledTools: ['bb', 'a'] })])).rejects.toThrow(
      "Invalid MCP server 'srv' (mcpServers.srv.enabledTools[0]): the server has no tool named 'bb'. Did you mean 'b'? Available: a, b, c.",
    );
  });

  it('leaves out tools that can only be called as MCP tasks', async () => {
    const server = createInMemoryMcpServer({ name: 'srv', tools: [{ name: 'a' }, { name: 'research', execution: { taskSupport: 'required' } }, { name: 'b', execution: { taskSupport: 'optional' } }] });
    expect(names(keep(await createMcpToolsFromClients([server.client()])))).toEqual(['a', 'b']);
    await expect(createMcpToolsFromClients([server.client({ enabledTools: ['research'] })])).rejects.toThrow(
      "Invalid MCP server 'srv' (mcpServers.srv.enabledTools): 'research' can only be called as an MCP task, which this client does not support; remove it.",
    );
  });

  it('reports every server that cannot be reached and closes the others', async () => {
    const ok = createInMemoryMcpServer({ name: 'ok', tools: [{ name: 'a' }] });
    const okClient = ok.client();
    const broken = (name: string) =>
      createInMemoryMcpServer({ name }).client({
        transport: () => {
          throw new Error(`no route to ${name}`);
        },
      });
    const failure = createMcpToolsFromClients([okClient, broken('b1'), broken('b2')]);
    await expect(failure).rejects.toMatchObject({ code: 'MCP_CONNECTION' });
    await expect(failure).rejects.toThrow(
      "Could not connect to MCP server 'b1' (in-memory server 'b1'): no route to b1.\n\nCould not connect to MCP server 'b2' (in-memory server 'b2'): no route to b2.",
    );
    expect(okClient.state).toBe('closed');
  });

  it('follows notifications/tools/list_changed: added, removed and changed tools, reported once applied', async () => {
    const server = createInMemoryMcpServer({
      name: 'srv',
      tools: [{ name: 'keep' }, { name: 'drop' }, { name: 'edit', inputSchema: { type: 'object', properties: { n: { type: 'string' } } } }],
    });
    const changes: McpToolsChange[] = [];
    let seen: string[] = [];
    const toolset = keep(
      await createMcpToolsFromClients([server.client()], {
        reservedNames: ['fresh'],
        onToolsChanged: (change) => {
          changes.push(change);
          seen = names(toolset);
        },
      }),
    );
    const keepTool = toolset.tools[0];
    const oldEdit = toolset.tools[2]!;
    oldEdit.actionFromArguments({ n: 'text' });
    const changed = new Promise<void>((resolve) => {
      const timer = setInterval(() => changes.length > 0 && (clearInterval(timer), resolve()), 5);
    });
    await server.setTools([{ name: 'keep' }, { name: 'edit', inputSchema: { type: 'object', properties: { n: { type: 'number' } } } }, { name: 'fresh' }]);
    await changed;
    expect(changes).toEqual([{ server: 'srv', added: ['srv_fresh'], removed: ['drop'], changed: ['edit'] }]);
    expect(seen).toEqual(['keep', 'edit', 'srv_fresh']);
    expect(toolset.tools[0]).toBe(keepTool);
    const newEdit = toolset.tools[1]!;
    expect(newEdit).not.toBe(oldEdit);
    expect(() => newEdit.actionFromArguments({ n: 'text' })).toThrow('n: expected number, got string');
    expect(newEdit.actionFromArguments({ n: 1 }).data).toEqual({ n: 1 });
  });

  it('closes every connection once, and never throws', async () => {
    const a = createInMemoryMcpServer({ name: 'a', tools: [{ name: 'x' }] });
    const b = createInMemoryMcpServer({ name: 'b', tools: [{ name: 'y' }] });
    const toolset = await createMcpToolsFromClients([a.client(), b.client()]);
    await Promise.all([toolset.close(), toolset.close()]);
    expect(toolset.clients.map((c) => c.state)).toEqual(['closed', 'closed']);
    const observation = await toolset.tools[0]!.call(toolset.tools[0]!.actionFromArguments({}));
    expect(observation.errorCode).toBe('CLOSED');
    expect(observation.text).toBe("The MCP client for server 'a' is closed, so 'x' cannot be called. Create the tools again to reconnect.");
  });

  it('does not close the shared connection when one tool is closed', async () => {
    const server = createInMemoryMcpServer({ name: 's', tools: [{ name: 'x' }, { name: 'y' }] });
    const toolset = keep(await createMcpToolsFromClients([server.client()]));
    await toolset.tools[0]!.close();
    const observation = await toolset.tools[1]!.call(toolset.tools[1]!.actionFromArguments({}));
    expect(observation.isError).toBe(false);
  });
});
