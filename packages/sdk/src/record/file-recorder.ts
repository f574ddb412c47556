import { closeSync, openSync, writeSync } from 'node:fs';
import { ErrorCode } from '../errors/error-code.js';
import { ToolwrightError } from '../errors/toolwright-error.js';
import { describeError } from '../util/describe-error.js';
import type { RecordInput } from './record-entry.js';
import { recordLine } from './record-line.js';
import type { Recorder, RecorderOptions } from './recorder.js';

/** Options of {@link FileRecorder}. */
export interface FileRecorderOptions extends RecorderOptions {
  /**
   * Write each line with its own synchronous write before `record` returns (default false: lines
   * are buffered and written whole, in order, at most `flushMs` later, when `flushBytes` are
   * waiting, at `close`, and when the process exits — an uncaught exception included).
   */
  sync?: boolean;
  /** Size of the buffer whose lines are written together (default 64 KiB). */
  flushBytes?: number;
  /** Longest time a buffered line waits, in ms (default 20). */
  flushMs?: number;
}

/** Recorders with buffered lines, written when the process exits (one listener for all). */
const open = new Set<FileRecorder>();
let exitListener = false;

function flushAllOnExit(): void {
  for (const recorder of open) recorder.flush();
}

/**
 * A {@link Recorder} appending JSON lines to a file (created with mode 0600: a record holds
 * arguments and results). Lines are written whole and in order with synchronous writes, so a
 * crash of the writer never leaves a torn or reordered line: with `sync: true` every line is on
 * disk before `record` returns; by default lines are batched (see {@link FileRecorderOptions.sync})
 * and flushed on exit. Throws `INVALID_ARGUMENTS` naming the path when the file cannot be opened.
 */
export class FileRecorder implements Recorder {
  private readonly fd: number;
  private readonly start = performance.now();
  private readonly sync: boolean;
  private readonly flushBytes: number;
  private readonly flushMs: number;
  /** Lines waiting, joined and encoded once at flush (one encoding of many lines costs less than one per line). */
  private lines: string[] = [];
  /** Their length in UTF-16 units. */
  private waiting = 0;
  private timer?: ReturnType<typeof setTimeout>;
  private closed = false;
  /** The first write error (the rest of the record is dropped: a recorder never fails the session). */
  private failure?: unknown;

  constructor(
    /** The file the lines are appended to. */
    readonly path: string,
    private readonly options: FileRecorderOptions = {},
  ) {
    try {
      this.fd = openSync(path, 'a', 0o600);
    } catch (error) {
      throw new ToolwrightError({ code: ErrorCode.INVALID_ARGUMENTS, message: `Cannot open the record file ${path}: ${describeError(error)}.`, details: { path }, cause: error });
    }
    this.sync = options.sync === true;
    this.flushBytes = options.flushBytes ?? 64 * 1024;
    this.flushMs = options.flushMs ?? 20;
    open.add(this);
    if (!exitListener) {
      exitListener = true;
      process.on('exit', flushAllOnExit);
    }
  }

  /** The first error writing the file met, if any (the lines after it were dropped). */
  get error(): unknown {
    return this.failure;
  }

  record(entry: RecordInput, at?: number): void {
    if (this.closed || this.failure !== undefined) return;
    const line = recordLine(entry, at ?? this.now(), this.options.mask);
    if (this.sync) {
      this.write(`${line}\n`);
      return;
    }
    this.lines.push(line);
    // UTF-8 takes at most 3 bytes per UTF-16 unit: past flushBytes / 3 units the lines may fill flushBytes.
    this.waiting += line.length + 1;
    if (this.waiting * 3 >= this.flushBytes) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), this.flushMs).unref();
  }

  now(): number {
    return performance.now() - this.start;
  }

  /** Writes the buffered lines now (one write; synchronous). */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.lines.length === 0) return;
    const text = `${this.lines.join('\n')}\n`;
    this.lines = [];
    this.waiting = 0;
    this.write(text);
  }

  private write(text: string): void {
    const bytes = Buffer.from(text, 'utf8');
    this.writeBytes(bytes, bytes.length);
  }

  /** The first `length` bytes of `bytes`, every one of them (a short write goes on where it stopped). */
  private writeBytes(bytes: Buffer, length: number): void {
    if (this.failure !== undefined) return;
    try {
      let done = 0;
      while (done < length) done += writeSync(this.fd, bytes, done, length - done);
    } catch (error) {
      this.failure = error;
    }
  }

  close(): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.flush();
    this.closed = true;
    open.delete(this);
    try {
      closeSync(this.fd);
    } catch (error) {
      this.failure ??= error;
    }
    return Promise.resolve();
  }
}
