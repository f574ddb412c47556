import { describe, expect, it } from '@jest/globals';
import { PassThrough, Writable } from 'node:stream';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
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

/** An output that records each write it was asked for (a batch written together counts once), and can hold its callbacks back (a full pipe). */
class RecordingOutput extends Writable {
  readonly writes: string[] = [];
  private held: (() => void)[] = [];
  constructor(private readonly full = false) {
    super({ highWaterMark: 64 });
  }
  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.writes.push(chunk.toString());
    if (this.full) this.held.push(() => callback());
    else callback();
  }
  override _writev(chunks: { chunk: Buffer }[], callback: (error?: Error | null) => void): void {
    this.writes.push(chunks.map((c) => c.chunk.toString()).join(''));
    if (this.full) this.held.push(() => callback());
    else callback();
  }
  /** Lets the held writes complete (the pipe drained). */
  release(): void {
    for (const done of this.held.splice(0)) done();
  }
}

const ping = (id: number): JSONRPCMessage => ({ jsonrpc: '2.0', id, result: {} });

describe('StdioLineTransport writes', () => {
  it('writes the messages of one event-loop tick together, in order, and every one of them', async () => {
    const output = new RecordingOutput();
    const transport = new StdioLineTransport(new PassThrough(), output);
    await transport.start();
    await Promise.all([1, 2, 3, 4, 5].map((id) => transport.send(ping(id))));
    await new Promise((resolve) => setImmediate(resolve));
    await transport.send(ping(6));
    await new Promise((resolve) => setImmediate(resolve));
    expect(output.writes.map((text) => text.split('\n').filter(Boolean).map((line) => (JSON.parse(line) as { id: number }).id))).toEqual([[1, 2, 3, 4, 5], [6]]);
    await transport.close();
  });

  it('settles a send into a full output only once it drained', async () => {
    const output = new RecordingOutput(true);
    const transport = new StdioLineTransport(new PassThrough(), output);
    await transport.start();
    let settled = false;
    const sent = transport.send({ jsonrpc: '2.0', id: 1, result: { pad: 'x'.repeat(100) } }).then(() => (settled = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    output.release();
    await sent;
    expect(output.writes).toHaveLength(1);
    await transport.close();
  });

  it('reports an output that fails (the client went away) and ends the session; later sends write nothing', async () => {
    const output = new PassThrough();
    const transport = new StdioLineTransport(new PassThrough(), output);
    const errors: Error[] = [];
    let closed = false;
    transport.onerror = (error) => void errors.push(error);
    transport.onclose = () => void (closed = true);
    await transport.start();
    const broken = Object.assign(new Error('write EPIPE'), { code: 'EPIPE' });
    output.destroy(broken);
    await new Promise((resolve) => setImmediate(resolve));
    expect(errors).toEqual([broken]);
    expect(closed).toBe(true);
    await expect(transport.send(ping(1))).resolves.toBeUndefined();
  });
});
