/** What {@link OutputBuffer.find} found: the match and where it sits in the stream. */
export interface BufferMatch {
  match: RegExpExecArray;
  /** Stream offsets of the match: [start, end). */
  start: number;
  end: number;
}

/** Options of {@link OutputBuffer}. */
export interface OutputBufferOptions {
  /** Characters kept from the start of unread output (default 4,000,000). */
  headChars?: number;
  /** Characters kept from the end of unread output (default 2,000,000; whole chunks, so up to one chunk more). */
  tailChars?: number;
  /** How far back from the end {@link OutputBuffer.find} looks (default 16,384: a prompt line). */
  windowChars?: number;
}

/**
 * The unread output of a terminal, in bounded memory and constant work per chunk whatever a command
 * prints: the first `headChars` and the last `tailChars` characters are kept, the middle is dropped
 * and counted. Looking for the prompt searches only the last `windowChars` characters, so a command
 * printing 50 MB costs a copy of each chunk, not a rescan of everything kept.
 */
export class OutputBuffer {
  private head = '';
  private tail: string[] = [];
  private tailLength = 0;
  private window = '';
  /** Stream offset of the first unread character. */
  private start = 0;
  /** Stream offset after the last character received. */
  private total = 0;
  private droppedNow = 0;
  /** Characters dropped since the buffer was created. */
  dropped = 0;
  private readonly headChars: number;
  private readonly tailChars: number;
  private readonly windowChars: number;

  constructor(options: OutputBufferOptions = {}) {
    this.headChars = options.headChars ?? 4_000_000;
    this.tailChars = options.tailChars ?? 2_000_000;
    this.windowChars = options.windowChars ?? 16_384;
  }

  /** Characters of unread output received (dropped ones included). */
  get length(): number {
    return this.total - this.start;
  }

  /** Adds output. */
  append(text: string): void {
    if (text === '') return;
    this.total += text.length;
    this.window = this.window.length + text.length <= this.windowChars ? this.window + text : (this.window + text).slice(-this.windowChars);
    let rest = text;
    if (this.tail.length === 0 && this.head.length < this.headChars) {
      const room = this.headChars - this.head.length;
      this.head += rest.slice(0, room);
      rest = rest.slice(room);
    }
    if (rest === '') return;
    this.tail.push(rest);
    this.tailLength += rest.length;
    while (this.tail.length > 1 && this.tailLength - this.tail[0]!.length >= this.tailChars) {
      const gone = this.tail.shift()!;
      this.tailLength -= gone.length;
      this.droppedNow += gone.length;
      this.dropped += gone.length;
    }
  }

  /** The first match of `regex` (not global) among the last `windowChars` characters of unread output. */
  find(regex: RegExp): BufferMatch | undefined {
    const windowStart = this.total - this.window.length;
    const from = Math.max(0, this.start - windowStart);
    const match = regex.exec(from === 0 ? this.window : this.window.slice(from));
    if (match === null) return undefined;
    const start = windowStart + from + match.index;
    return { match, start, end: start + match[0].length };
  }

  /**
   * Removes and returns the unread output up to stream offset `end` (the whole of it by default),
   * skipping `[end, resume)` (a prompt); what follows `resume` stays unread. Where the middle was
   * dropped, the text says how many characters are missing.
   */
  take(end = this.total, resume = end): string {
    const notice = this.droppedNow > 0 ? this.notice() : '';
    const kept = this.tail.length === 0 ? this.head : this.head + notice + this.tail.join('');
    const cut = (offset: number): number => {
      const plain = offset - this.start;
      if (plain <= this.head.length || notice === '') return Math.min(plain, kept.length);
      return Math.max(this.head.length + notice.length, kept.length - (this.total - offset)); // past the dropped middle
    };
    const output = kept.slice(0, cut(end));
    const remainder = resume >= this.total ? '' : kept.slice(cut(resume));
    this.tail = [];
    this.tailLength = 0;
    this.droppedNow = 0;
    this.head = remainder;
    this.start = this.total - remainder.length;
    return output;
  }

  private notice(): string {
    return `\n[... ${this.droppedNow} characters of output were dropped here to bound memory ...]\n`;
  }
}
