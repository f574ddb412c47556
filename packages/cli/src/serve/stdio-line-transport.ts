import type { Readable, Writable } from 'node:stream';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { JSONRPCMessageSchema } from '@modelcontextprotocol/sdk/types.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/** Largest message `serve --stdio` reads (bytes of one line), as the MCP SDK's own stdio limit. */
export const DEFAULT_MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

/** How much of an oversized line is kept to find its request id. */
const ID_PREFIX_BYTES = 4096;

/** Options of {@link StdioLineTransport}. */
export interface StdioLineTransportOptions {
  /** Largest line in bytes (default {@link DEFAULT_MAX_MESSAGE_BYTES}). */
  maxMessageBytes?: number;
  /** Receives one line per refused message, for stderr. */
  log?: (text: string) => void;
  /** Sees each message (parsed JSON, before the JSON-RPC check); true when it took it. Serve's `tools/call` decoder. */
  intercept?: (message: unknown) => boolean;
}

type ErrorId = string | number | null;

/** What a write that did not have to wait returns (one settled promise shared by all of them). */
const WRITTEN: Promise<void> = Promise.resolve();

/**
 * The request id of a JSON-RPC message from the start of its text, when the `id` member comes
 * before `params` (as every client writes it): enough to answer a request too large to parse.
 */
export function leadingRequestId(prefix: string): ErrorId {
  const params = prefix.indexOf('"params"');
  const head = params >= 0 ? prefix.slice(0, params) : prefix;
  const match = /"id"\s*:\s*("(?:[^"\\]|\\.){0,200}"|-?\d{1,16})\s*[,}]/.exec(head);
  if (!match) return null;
  try {
    const id = JSON.parse(match[1]!) as unknown;
    return typeof id === 'string' || typeof id === 'number' ? id : null;
  } catch {
    return null;
  }
}

/**
 * MCP over newline-delimited JSON on a pair of streams, like the SDK's `StdioServerTransport`,
 * but a bad message never ends the session: a line over `maxMessageBytes` is skipped without
 * being buffered and answered with a JSON-RPC error (-32600, with the request's id when it can
 * be read from the line's start); text that is not JSON gets -32700 and a message that is not
 * JSON-RPC gets -32600. The connection stays up for the next message.
 */
export class StdioLineTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  private readonly max: number;
  private parts: Buffer[] = [];
  private size = 0;
  /** Set while the rest of an oversized line is being skipped. */
  private skipping?: { bytes: number; prefix: string };
  private started = false;
  private closed = false;
  private corked = false;

  constructor(
    private readonly input: Readable,
    private readonly output: Writable,
    private readonly options: StdioLineTransportOptions = {},
  ) {
    this.max = options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
  }

  private readonly onData = (chunk: Buffer | string): void => {
    let rest = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    for (let newline = rest.indexOf(10); newline >= 0; newline = rest.indexOf(10)) {
      this.feed(rest.subarray(0, newline));
      this.endLine();
      rest = rest.subarray(newline + 1);
    }
    if (rest.length > 0) this.feed(rest);
  };

  private readonly onInputError = (error: Error): void => {
    this.onerror?.(error);
  };

  /** The client's end is gone (EPIPE) or broken: reported, and the session ends (nothing more can reach the client). */
  private readonly onOutputError = (error: Error): void => {
    if (this.closed) return;
    this.onerror?.(error);
    void this.close();
  };

  async start(): Promise<void> {
    if (this.started) throw new Error('StdioLineTransport already started.');
    this.started = true;
    this.input.on('data', this.onData);
    this.input.on('error', this.onInputError);
    // Stays attached after close: a late write error must not become an uncaught exception.
    this.output.on('error', this.onOutputError);
  }

  private feed(part: Buffer): void {
    if (this.skipping) {
      this.skipping.bytes += part.length;
      return;
    }
    if (this.size + part.length <= this.max) {
      this.parts.push(part);
      this.size += part.length;
      return;
    }
    const head = Buffer.concat([...this.parts, part.subarray(0, ID_PREFIX_BYTES)]).subarray(0, ID_PREFIX_BYTES);
    this.skipping = { bytes: this.size + part.length, prefix: head.toString('utf8') };
    this.parts = [];
    this.size = 0;
  }

  private endLine(): void {
    const skipped = this.skipping;
    if (skipped) {
      this.skipping = undefined;
      const message = `Request too large: the message is ${skipped.bytes} bytes; this server reads at most ${this.max} bytes per message. Send smaller arguments (e.g. a file path instead of the content).`;
      this.options.log?.(`toolwright: refused a ${skipped.bytes}-byte message (limit ${this.max} bytes).`);
      this.reply(leadingRequestId(skipped.prefix), -32600, message, { size: skipped.bytes, limit: this.max });
      return;
    }
    // One part is the common case (a whole message in one chunk): no copy.
    const line = this.parts.length === 1 ? this.parts[0]! : Buffer.concat(this.parts);
    this.parts = [];
    this.size = 0;
    const end = line.length > 0 && line[line.length - 1] === 13 ? line.length - 1 : line.length;
    const text = line.toString('utf8', 0, end);
    // A message starts with '{' (or '['): only anything else is checked for being blank.
    const first = text.charCodeAt(0);
    if (first !== 123 && first !== 91 && /^\s*$/.test(text)) return;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      this.reply(null, -32700, `Parse error: the message is not JSON (${(error as Error).message}).`);
      return;
    }
    if (this.options.intercept?.(value)) return;
    this.deliver(value);
  }

  /** Checks a parsed message as JSON-RPC and passes it to `onmessage`, or answers -32600. */
  private deliver(value: unknown): void {
    if (this.closed) return;
    const parsed = JSONRPCMessageSchema.safeParse(value);
    if (!parsed.success) {
      const id = (value as { id?: unknown })?.id;
      this.reply(typeof id === 'string' || typeof id === 'number' ? id : null, -32600, 'Invalid Request: the message is not a JSON-RPC 2.0 request, notification or response.');
      return;
    }
    this.onmessage?.(parsed.data);
  }

  private reply(id: ErrorId, code: number, message: string, data?: unknown): void {
    const error: Record<string, unknown> = { code, message };
    if (data !== undefined) error.data = data;
    this.write(JSON.stringify({ jsonrpc: '2.0', id, error }));
  }

  /** Writes one message; the promise settles at once, or once the output drained (or failed) when it is full. */
  private write(json: string): Promise<void> {
    if (this.closed) return WRITTEN;
    this.coalesce();
    if (this.output.write(`${json}\n`)) return WRITTEN;
    return new Promise((resolve) => {
      const done = (): void => {
        this.output.off('drain', done);
        this.output.off('error', done);
        resolve();
      };
      this.output.once('drain', done);
      this.output.once('error', done);
    });
  }

  /**
   * Holds the messages written in this tick of the event loop and writes them together at its end
   * (one system call for many answers when calls run concurrently; nothing waits longer than the tick).
   */
  private coalesce(): void {
    if (this.corked || typeof this.output.cork !== 'function') return;
    this.corked = true;
    this.output.cork();
    process.nextTick(() => {
      this.corked = false;
      this.output.uncork();
    });
  }

  send(message: JSONRPCMessage): Promise<void> {
    return this.write(JSON.stringify(message));
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.input.off('data', this.onData);
    this.input.off('error', this.onInputError);
    if (this.input.listenerCount('data') === 0) this.input.pause();
    this.parts = [];
    this.skipping = undefined;
    this.onclose?.();
  }
}
