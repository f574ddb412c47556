/**
 * A baseline of the `mcp-serve` bench: the SDK alone serving the `echo` tool over Streamable
 * HTTP, stateful, with the SDK's in-memory event store (what `serve --http` does by default).
 * Prints `at http://127.0.0.1:<port>/mcp` on stderr once listening.
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import process from 'node:process';
import { InMemoryEventStore } from '@modelcontextprotocol/sdk/examples/shared/inMemoryEventStore.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

const sessions = new Map<string, StreamableHTTPServerTransport>();

const http = createServer((req, res) => {
  void (async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of req as AsyncIterable<Buffer>) chunks.push(chunk);
    const body: unknown = chunks.length > 0 ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : undefined;
    const id = req.headers['mcp-session-id'];
    let transport = typeof id === 'string' ? sessions.get(id) : undefined;
    if (!transport && isInitializeRequest(body)) {
      const created = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        eventStore: new InMemoryEventStore(),
        retryInterval: 1_000,
        onsessioninitialized: (sessionId) => void sessions.set(sessionId, created),
      });
      const server = new McpServer({ name: 'raw-echo-http', version: '1.0.0' });
      server.registerTool('echo', { description: 'Echo the text back.', inputSchema: { text: z.string().describe('Text to echo back') } }, ({ text }) => ({ content: [{ type: 'text', text }] }));
      await server.connect(created);
      transport = created;
    }
    if (!transport) {
      res.writeHead(400).end();
      return;
    }
    await transport.handleRequest(req, res, body);
  })().catch(() => res.writeHead(500).end());
});
http.listen(0, '127.0.0.1', () => process.stderr.write(`at http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp\n`));
