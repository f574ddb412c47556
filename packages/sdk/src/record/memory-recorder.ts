import type { RecordEntry, RecordInput } from './record-entry.js';
import { recordLine } from './record-line.js';
import type { RecordedEntries, Recorder, RecorderOptions } from './recorder.js';

/**
 * A {@link Recorder} that keeps the lines in memory, exactly as a file recorder would write
 * them (masked, stamped): for tests, and for replay, which records the re-run session here to
 * compare it with the file.
 */
export class MemoryRecorder implements Recorder, RecordedEntries {
  private readonly start = performance.now();
  private readonly written: string[] = [];
  private parsed?: RecordEntry[];
  private closed = false;

  constructor(private readonly options: RecorderOptions = {}) {}

  record(entry: RecordInput, at?: number): void {
    if (this.closed) return;
    this.written.push(recordLine(entry, at ?? this.now(), this.options.mask));
    this.parsed = undefined;
  }

  now(): number {
    return performance.now() - this.start;
  }

  /** The JSON lines written so far. */
  get lines(): readonly string[] {
    return this.written;
  }

  /** The record as a JSONL text (what a file recorder would have written). */
  text(): string {
    return this.written.map((line) => `${line}\n`).join('');
  }

  /** The entries written so far, read back from their lines. */
  get entries(): readonly RecordEntry[] {
    return (this.parsed ??= this.written.map((line) => JSON.parse(line) as RecordEntry));
  }

  close(): Promise<void> {
    this.closed = true;
    return Promise.resolve();
  }
}
