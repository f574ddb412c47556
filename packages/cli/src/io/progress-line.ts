import type { ChalkInstance } from 'chalk';
import type { ProgressReport } from '@toolwright/sdk';
import { escapeControlChars } from '../format/escape-control-chars.js';
import type { OutputStream } from './terminal.js';

/**
 * A one-line progress display on a terminal (rewritten in place), for long calls. Does nothing
 * when the stream is not a TTY, so pipes and logs stay clean.
 */
export class ProgressLine {
  private shown = false;

  constructor(
    private readonly stream: OutputStream,
    private readonly c: ChalkInstance,
    private readonly label: string,
  ) {}

  /** Shows a report. */
  update(report: ProgressReport): void {
    if (!this.stream.isTTY) return;
    const { progress, total, message } = report;
    const amount = total !== undefined && total > 0 ? `${progress}/${total} (${Math.round((progress / total) * 100)}%)` : String(progress);
    const text = `${this.c.cyan('…')} ${this.label} ${amount}${message ? ` ${this.c.dim(escapeControlChars(message).replace(/\n/g, ' '))}` : ''}`;
    const width = this.stream.columns ?? 80;
    this.stream.write(`\r\x1b[2K${text.length > width + 20 ? text.slice(0, width + 20) : text}`);
    this.shown = true;
  }

  /** Removes the line. */
  clear(): void {
    if (!this.shown) return;
    this.stream.write('\r\x1b[2K');
    this.shown = false;
  }
}
