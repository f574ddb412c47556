import { afterAll, describe, expect, it } from '@jest/globals';
import { createServer } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import { createMcpTools } from '@toolwright/sdk/mcp';
import type { McpToolset } from '@toolwright/sdk/mcp';
import { startEverythingHttp } from './support/servers.js';
import type { HttpServer } from './support/servers.js';

const servers: HttpServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
});

describe('Streamable HTTP reconnection (server-everything on 127.0.0.1)', () => {
  it('reconnects once after the server restarted, and says why when it is gone', async () => {
    const first = await startEverythingHttp();
    servers.push(first);
    const toolset: McpToolset = await createMcpTools({ mcpServers: { web: { url: first.url } } });
    const echo = toolset.tools.find((t) => t.name === 'echo')!;
    const say = (message: string) => echo.call(echo.actionFromArguments({ message }));
    try {
      expect((await say('one')).text).toBe('Echo: one');

      await first.stop();
      const second = await startEverythingHttp(first.port);
      servers.push(second);
      const afterRestart = await say('two');
      expect(afterRestart.isError).toBe(false);
      expect(afterRestart.text).toBe('Echo: two');

      await second.stop();
      const gone = await say('three');
      expect(gone.isError).toBe(true);
      expect(gone.errorCode).toBe('MCP_CONNECTION');
      expect(gone.text).toMatch(/^The connection to MCP server 'web' was lost \(.+\) and reconnecting failed: connection refused \(ECONNREFUSED\)\.$/);
    } finally {
      await toolset.close();
    }
  });

  it('fails fast when nothing listens at the URL', async () => {
    const { port, stop } = await startEverythingHttp();
    await stop();
    await expect(createMcpTools({ mcpServers: { web: { url: `http://127.0.0.1:${port}/mcp` } } })).rejects.toThrow(
      `Could not connect to MCP server 'web' (http://127.0.0.1:${port}/mcp): connection refused (ECONNREFUSED).`,
    );
  });
});

describe('HTTP headers', () => {
  it('sends the configured headers and reports an HTTP error status clearly', async () => {
    const seen: IncomingHttpHeaders[] = [];
    const server = createServer((req, res) => {
      seen.push(req.headers);
      res.writeHead(401, { 'content-type': 'text/plain' }).end('missing token');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    try {
      await expect(
        createMcpTools({ mcpServers: { api: { url: `http://127.0.0.1:${port}/mcp`, headers: { Authorization: 'Bearer abc', 'X-Team': 'tools' } } } }),
      ).rejects.toMatchObject({
        code: 'MCP_CONNECTION',
        message: `Could not connect to MCP server 'api' (http://127.0.0.1:${port}/mcp): HTTP 401: Error POSTing to endpoint: missing token.`,
      });
      expect(seen[0]).toMatchObject({ authorization: 'Bearer abc', 'x-team': 'tools' });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
