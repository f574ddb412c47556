const MAX_LINE_CHARS = 500;

/**
 * The last lines a child process wrote to stderr, kept in a small ring so that a chatty server
 * costs bounded memory. Used in connection errors ("Last stderr lines: …").
 */
export class StderrTail {
  private readonly lines: string[] = [];
  private partial = '';

  constructor(private readonly maxLines: number) {}

  /** Adds a chunk of output (may hold partial lines). */
  push(chunk: string): void {
    const text = this.partial + chunk;
    const parts = text.split(/\r?\n/);
    this.partial = clip(parts.pop() ?? '');
    for (const line of parts) this.add(line);
  }

  /** Adds one line of our own (e.g. a note about dropped stdout output). */
  note(line: string): void {
    this.add(line);
  }

  /** The kept lines, oldest first, including an unterminated last line. */
  snapshot(): string[] {
    return this.partial === '' ? [...this.lines] : [...this.lines, this.partial];
  }

  /** The kept lines as an indented block for error messages, or '' when there are none. */
  describe(): string {
    const lines = this.snapshot().filter((l) => l.trim() !== '');
    return lines.length === 0 ? '' : `\nLast stderr lines:\n${lines.map((l) => `  | ${l}`).join('\n')}`;
  }

  private add(line: string): void {
    this.lines.push(clip(line));
    if (this.lines.length > this.maxLines) this.lines.shift();
  }
}

function clip(line: string): string {
  return line.length > MAX_LINE_CHARS ? `${line.slice(0, MAX_LINE_CHARS)}… (${line.length} characters)` : line;
}
