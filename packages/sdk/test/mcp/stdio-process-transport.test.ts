import { afterEach, describe, expect, it } from '@jest/globals';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { StdioProcessTransport } from '../../src/mcp/stdio-process-transport.js';

/**
 * A child that answers each read of its stdin with one notification listing the request ids it
 * read in that chunk (so the test sees which messages arrived in one write).
 */
const CHUNK_ECHO = `
process.stdin.on('data', (chunk) => {
  const ids = chunk.toString().split('\\n').filter(Boolean).map((line) => JSON.parse(line).id);
  process.stdout.write(JSON.stringify({ jsonrpc: '2.0', method: 'chunk', params: { ids } }) + '\\n');
});`;

const transports: StdioProcessTransport[] = [];
afterEach(async () => {
  await Promise.all(transports.splice(0).map((t) => t.close()));
});

async function started(): Promise<{ transport: StdioProcessTransport; chunks: number[][] }> {
  const transport = new StdioProcessTransport({ command: process.execPath, args: ['-e', CHUNK_ECHO] });
  transports.push(transport);
  const chunks: number[][] = [];
  transport.onmessage = (message) => void chunks.push((message as unknown as { params: { ids: number[] } }).params.ids);
  await transport.start();
  return { transport, chunks };
}

const request = (id: number): JSONRPCMessage => ({ jsonrpc: '2.0', id, method: 'ping' });

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
}

describe('StdioProcessTransport writes', () => {
  it("writes the messages of one event-loop tick to the server together, in order, and all of them (send and the raw channel's write alike)", async () => {
    const { transport, chunks } = await started();
    const sends = [1, 2, 3].map((id) => transport.send(request(id)));
    expect(transport.write(request(4))).toBeUndefined();
    await Promise.all(sends);
    await until(() => chunks.flat().length === 4);
    transport.write(request(5));
    await until(() => chunks.flat().length === 5);
    expect(chunks).toEqual([[1, 2, 3, 4], [5]]);
  });

  it('refuses a write, and rejects a send, with the same reason when the server is not running; nothing is sent', async () => {
    const transport = new StdioProcessTransport({ command: process.execPath, args: ['-e', CHUNK_ECHO] });
    expect(transport.write(request(1))?.message).toBe('Not connected: the server process is not running.');
    await expect(transport.send(request(1))).rejects.toThrow('Not connected: the server process is not running.');
  });

  it('refuses a message JSON cannot carry as a SerializationError, and the server keeps running', async () => {
    const { transport, chunks } = await started();
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const refused = transport.write({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: cyclic });
    expect(refused?.name).toBe('SerializationError');
    transport.write(request(2));
    await until(() => chunks.length === 1);
    expect(chunks).toEqual([[2]]);
  });
});
