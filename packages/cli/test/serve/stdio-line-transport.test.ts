import { describe, expect, it } from '@jest/globals';
import { PassThrough } from 'node:stream';
import { leadingRequestId, StdioLineTransport } from '../../src/serve/stdio-line-transport.js';

describe('leadingRequestId', () => {
  it('reads the id written before params, and nothing from inside params', () => {
    expect(leadingRequestId('{"jsonrpc":"2.0","id":42,"method":"tools/call","params":{"x":"')).toBe(42);
    expect(leadingRequestId('{"id": "abc", "method":"x"')).toBe('abc');
    expect(leadingRequestId('{"jsonrpc":"2.0","method":"tools/call","params":{"id":5,')).toBeNull();
  });
});

describe('StdioLineTransport', () => {
  it('skips an oversized line, answers it, and delivers the next message', async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    let written = '';
    output.on('data', (c: Buffer) => (written += c.toString()));
    const transport = new StdioLineTransport(input, output, { maxMessageBytes: 64 });
    const received: unknown[] = [];
    transport.onmessage = (m) => received.push(m);
    await transport.start();
    input.write(`{"jsonrpc":"2.0","id":9,"method":"ping","params":{"pad":"${'x'.repeat(40)}`);
    input.write(`${'y'.repeat(100)}"}}\n{"jsonrpc":"2.0","id":10,"method":"ping"}\n`);
    await new Promise((resolve) => setImmediate(resolve));
    expect(received).toEqual([{ jsonrpc: '2.0', id: 10, method: 'ping' }]);
    const reply = JSON.parse(written) as { id: number; error: { code: number; data: unknown } };
    expect(reply.id).toBe(9);
    expect(reply.error.code).toBe(-32600);
    expect(reply.error.data).toEqual({ size: 200, limit: 64 });
    await transport.close();
  });

  it('reads CRLF lines, messages split over chunks and several in one chunk, and skips blank lines', async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    let written = '';
    output.on('data', (c: Buffer) => (written += c.toString()));
    const transport = new StdioLineTransport(input, output);
    const received: unknown[] = [];
    transport.onmessage = (m) => received.push(m);
    await transport.start();
    input.write('{"jsonrpc":"2.0","id":1,"method":"ping"}\r\n\n  \r\n{"jsonrpc":"2.0",');
    input.write('"id":2,"method":"ping"}\n{"jsonrpc":"2.0","id":"é","method":"ping"}\n');
    await new Promise((resolve) => setImmediate(resolve));
    expect(received).toEqual([
      { jsonrpc: '2.0', id: 1, method: 'ping' },
      { jsonrpc: '2.0', id: 2, method: 'ping' },
      { jsonrpc: '2.0', id: 'é', method: 'ping' },
    ]);
    expect(written).toBe('');
    await transport.close();
  });
});
