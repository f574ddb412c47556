import { describe, expect, it } from '@jest/globals';
import { tmpdir } from 'node:os';
import type { McpServerConfig } from '@toolwright/sdk';
import { createMcpTools, planMcpServers } from '@toolwright/sdk/mcp';

const plan = (servers: Record<string, unknown>): unknown => planMcpServers(servers as Record<string, McpServerConfig>);

describe('planMcpServers', () => {
  it('fills in defaults and resolves a relative cwd', () => {
    const [stdio, http] = planMcpServers({ fs: { command: 'node', args: ['x.js'], cwd: '.' }, web: { url: 'http://127.0.0.1:9/mcp' } }, tmpdir());
    expect(stdio).toMatchObject({ name: 'fs', kind: 'stdio', command: 'node', args: ['x.js'], cwd: tmpdir(), connectTimeoutMs: 30_000, callTimeoutMs: 300_000 });
    expect(http).toMatchObject({ name: 'web', kind: 'http' });
    expect(String((http as { url: URL }).url)).toBe('http://127.0.0.1:9/mcp');
  });

  it('accepts the common type field and the sse transport', () => {
    expect(plan({ a: { type: 'sse', url: 'http://h/sse' }, b: { type: 'streamable-http', url: 'http://h/mcp' }, c: { type: 'stdio', command: 'x' } })).toMatchObject([
      { kind: 'sse' },
      { kind: 'http' },
      { kind: 'stdio' },
    ]);
  });

  it.each([
    [{ web: { url: 'localhost:3000' } }, `Invalid MCP server 'web' (mcpServers.web.url): "localhost:3000" uses localhost; expected an http or https URL.`],
    [{ web: { url: 'not a url' } }, `Invalid MCP server 'web' (mcpServers.web.url): "not a url" is not a valid URL; expected an absolute http(s) URL such as http://127.0.0.1:3000/mcp.`],
    [{ web: { url: 'http://h/mcp', transport: 'websocket' } }, `Invalid MCP server 'web' (mcpServers.web.transport): "websocket" is not a transport; expected 'http' (Streamable HTTP, the default) or 'sse' (legacy).`],
    [{ fs: { command: 'x', headers: { a: 'b' } } }, `Invalid MCP server 'fs' (mcpServers.fs.headers): only HTTP servers (with a url) take headers; a command server takes args, env and cwd.`],
    [{ web: { url: 'http://h/', env: { A: 'b' } } }, `Invalid MCP server 'web' (mcpServers.web.env): only command (stdio) servers take env; an HTTP server takes url, transport and headers.`],
    [{ fs: { command: 'x', cwd: '/no/such/dir' } }, `Invalid MCP server 'fs' (mcpServers.fs.cwd): "/no/such/dir" is not an existing directory (resolved to /no/such/dir).`],
    [{ fs: { command: 'x', timeoutMs: -1 } }, `Invalid MCP server 'fs' (mcpServers.fs.timeoutMs): expected a number > 0, got number.`],
    [{ fs: { command: 'x', args: 'a b' } }, `Invalid MCP server 'fs' (mcpServers.fs.args): expected an array of strings, got string.`],
    [{ fs: { command: 'x', enabledTools: ['a'], disabledTools: ['b'] } }, `Invalid MCP server 'fs' (mcpServers.fs.disabledTools): give either enabledTools (only these) or disabledTools (all but these), not both.`],
    [{ fs: { command: 'x', prefix: 'a b' } }, `Invalid MCP server 'fs' (mcpServers.fs.prefix): "a b" is not a valid prefix; expected 1 to 40 letters, digits, '_' or '-'.`],
    [{ fs: { command: 'x', url: 'http://h' } }, `Invalid MCP server 'fs' (mcpServers.fs): expected exactly one of command (stdio server) or url (HTTP server).`],
    [{ fs: { type: 'stdio', url: 'http://h' } }, `Invalid MCP server 'fs' (mcpServers.fs.type): 'stdio' needs a command, but this server has a url.`],
  ])('rejects %j naming the server and field', (servers, message) => {
    expect(() => plan(servers)).toThrow(message);
  });

  it('rejects an empty and an all-disabled config', () => {
    expect(() => plan({})).toThrow('No MCP servers configured: mcpServers is empty.');
    expect(() => plan({ a: { command: 'x', disabled: true }, b: { url: 'http://h', disabled: true } })).toThrow(
      'Every configured MCP server is disabled (a, b); enable one (remove "disabled": true) or drop mcpServers.',
    );
  });

  it('makes createMcpTools fail fast with MCP_CONFIG before starting anything', async () => {
    await expect(createMcpTools({ mcpServers: { web: { url: 'ftp://h' } } })).rejects.toMatchObject({ code: 'MCP_CONFIG' });
  });
});
