const EDGE_BYTES = 256;
const NEWLINE = 0x0a;

/** A line too large to accept, and the JSON-RPC id found at its edges (when one was). */
export interface OversizeLine {
  bytes: number;
  id?: string | number;
}

/** Callbacks of {@link JsonLineReader}. */
export interface JsonLineHandlers {
  /** One complete line (without the newline; never empty). */
  line(text: string): void;
  /** A line longer than the limit was skipped without being held in memory. */
  oversize(info: OversizeLine): void;
}

// A JSON-RPC message's id is at its start (`{"jsonrpc":"2.0","id":7,…`) or, as the MCP SDK writes
// responses, at its very end (`…,"jsonrpc":"2.0","id":7}`).
const HEAD_ID = /^\s*\{\s*(?:"jsonrpc"\s*:\s*"2\.0"\s*,\s*)?"id"\s*:\s*("(?:[^"\\]|\\.)*"|-?\d+)/;
const TAIL_ID = /"id"\s*:\s*("(?:[^"\\]|\\.)*"|-?\d+)\s*\}\s*$/;

/**
 * Splits a byte stream into newline-delimited lines in linear time (chunks are joined once per
 * line). A line over `maxBytes` is skipped as it streams in; only its first and last bytes are
 * kept, to find the id of the request it answered.
 */
export class JsonLineReader {
  private chunks: Buffer[] = [];
  private size = 0;
  private skipped?: { bytes: number; head: Buffer; tail: Buffer };

  constructor(
    private readonly maxBytes: number,
    private readonly handlers: JsonLineHandlers,
  ) {}

  /** Feeds a chunk of the stream. */
  push(chunk: Buffer): void {
    let start = 0;
    for (;;) {
      const nl = chunk.indexOf(NEWLINE, start);
      if (nl === -1) {
        if (start < chunk.length) this.append(start === 0 ? chunk : chunk.subarray(start));
        return;
      }
      if (nl > start) this.append(chunk.subarray(start, nl));
      this.endLine();
      start = nl + 1;
    }
  }

  /** Drops buffered bytes. */
  clear(): void {
    this.chunks = [];
    this.size = 0;
    this.skipped = undefined;
  }

  private append(part: Buffer): void {
    if (this.skipped) {
      this.skipped.bytes += part.length;
      this.skipped.tail = keepTail(this.skipped.tail, part);
      return;
    }
    if (this.size + part.length <= this.maxBytes) {
      this.chunks.push(part);
      this.size += part.length;
      return;
    }
    const all = Buffer.concat([...this.chunks, part.subarray(0, EDGE_BYTES)]);
    this.skipped = { bytes: this.size + part.length, head: all.subarray(0, EDGE_BYTES), tail: keepTail(Buffer.alloc(0), part) };
    this.chunks = [];
    this.size = 0;
  }

  private endLine(): void {
    const skipped = this.skipped;
    if (skipped) {
      this.skipped = undefined;
      this.handlers.oversize({ bytes: skipped.bytes, id: findId(skipped.head.toString('utf8'), skipped.tail.toString('utf8')) });
      return;
    }
    if (this.size === 0) return;
    const bytes = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks, this.size);
    this.chunks.length = 0;
    this.size = 0;
    // CR dropped before decoding; a line starting with '{' (every message) is not blank, others are checked.
    const text = bytes.toString('utf8', 0, bytes[bytes.length - 1] === 13 ? bytes.length - 1 : bytes.length);
    if (text.charCodeAt(0) === 123 || text.trim() !== '') this.handlers.line(text);
  }
}

function keepTail(previous: Buffer, part: Buffer): Buffer {
  if (part.length >= EDGE_BYTES) return Buffer.from(part.subarray(part.length - EDGE_BYTES));
  const joined = Buffer.concat([previous, part]);
  return joined.length > EDGE_BYTES ? joined.subarray(joined.length - EDGE_BYTES) : joined;
}

function findId(head: string, tail: string): string | number | undefined {
  const match = HEAD_ID.exec(head) ?? TAIL_ID.exec(tail.replace(/\r$/, ''));
  if (!match) return undefined;
  const raw = match[1]!;
  try {
    return JSON.parse(raw) as string | number;
  } catch {
    return undefined;
  }
}
