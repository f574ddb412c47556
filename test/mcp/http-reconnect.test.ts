import { afterAll, describe, expect, it } from '@jest/globals';
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
