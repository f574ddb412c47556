import { describe, expect, it } from '@jest/globals';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import type { JSONRPCMessage, JSONRPCRequest } from '@modelcontextprotocol/sdk/types.js';
import { NotificationOrder } from '../../src/mcp/notification-order.js';

/**
 * A server end that answers `initialize`, and answers a `tools/call` with two progress reports
 * and the result in one go, as one read of a pipe delivers them: `ordered` puts them through
 * NotificationOrder, otherwise they reach the SDK client as they come.
 */
class OneChunkServer implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  private readonly order = new NotificationOrder((message) => this.onmessage?.(message));

  constructor(private readonly ordered: boolean) {}

  async start(): Promise<void> {}
  async close(): Promise<void> {
    this.onclose?.();
  }

  async send(message: JSONRPCMessage): Promise<void> {
    if (!('method' in message) || !('id' in message)) return;
    const request = message as JSONRPCRequest;
    if (request.method === 'initialize') {
      this.incoming([{ jsonrpc: '2.0', id: request.id, result: { protocolVersion: request.params?.protocolVersion as string, capabilities: { tools: {} }, serverInfo: { name: 'one-chunk', version: '1' } } }]);
      return;
    }
    const token = (request.params?._meta as { progressToken?: number } | undefined)?.progressToken ?? 0;
    this.incoming([
      { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: token, progress: 1, total: 2 } },
      { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: token, progress: 2, total: 2 } },
      { jsonrpc: '2.0', id: request.id, result: { content: [{ type: 'text', text: 'done' }] } },
    ]);
  }

  /** Delivers the messages synchronously, one after the other, like a reader splitting one chunk. */
  private incoming(messages: JSONRPCMessage[]): void {
    queueMicrotask(() => {
      for (const message of messages) {
        if (this.ordered) this.order.push(message);
        else this.onmessage?.(message);
      }
    });
  }
}

async function progressSeen(ordered: boolean): Promise<{ progress: number[]; text: string }> {
  const client = new Client({ name: 'test', version: '1' });
  client.onerror = () => undefined;
  await client.connect(new OneChunkServer(ordered));
  const progress: number[] = [];
  const result = await client.request({ method: 'tools/call', params: { name: 'slow', arguments: {} } }, CallToolResultSchema, { onprogress: (p) => progress.push(p.progress) });
  await client.close();
  return { progress, text: (result.content[0] as { text: string }).text };
}

describe('NotificationOrder', () => {
  it("keeps a server's progress read in the same chunk as the result", async () => {
    expect(await progressSeen(true)).toEqual({ progress: [1, 2], text: 'done' });
  });

  it('is needed: the SDK client alone drops progress read with the result', async () => {
    expect(await progressSeen(false)).toEqual({ progress: [], text: 'done' });
  });

  it('delivers responses, requests and notifications in their order', async () => {
    const seen: string[] = [];
    const order = new NotificationOrder((m) => seen.push('method' in m ? m.method : `response ${String(m.id)}`));
    order.push({ jsonrpc: '2.0', id: 1, result: {} });
    order.push({ jsonrpc: '2.0', method: 'notifications/message', params: {} });
    order.push({ jsonrpc: '2.0', id: 2, result: {} });
    order.push({ jsonrpc: '2.0', id: 3, method: 'ping' });
    order.push({ jsonrpc: '2.0', method: 'notifications/progress', params: {} });
    expect(seen).toEqual(['response 1', 'notifications/message']);
    await new Promise((resolve) => setImmediate(resolve));
    expect(seen).toEqual(['response 1', 'notifications/message', 'response 2', 'ping', 'notifications/progress']);
  });

  it('flush delivers what is held at once', () => {
    const seen: unknown[] = [];
    const order = new NotificationOrder((m) => seen.push('id' in m ? m.id : 'n'));
    order.push({ jsonrpc: '2.0', method: 'notifications/progress', params: {} });
    order.push({ jsonrpc: '2.0', id: 7, result: {} });
    order.flush();
    expect(seen).toEqual(['n', 7]);
  });
});
