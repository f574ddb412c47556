import type { Worker } from 'node:worker_threads';
import { REGEX_WORKER_SOURCE } from './regex-worker-source.js';

/** What a regex worker is asked to do (see {@link REGEX_WORKER_SOURCE}). */
export type RegexWorkerOp = 'test' | 'files';

interface Pending {
  resolve(hits: Int32Array): void;
  reject(error: Error): void;
}

/** A worker thread and the request it is running. */
class RegexWorker {
  readonly thread: Worker;
  pending?: Pending;
  private nextId = 0;

  constructor(onExit: (worker: RegexWorker) => void) {
    // A heap limit of its own: a worker that runs out of memory ends alone, with an error, not the process.
    // node:worker_threads required by the first worker (the tools' bundle is one chunk: an import loaded it in every process importing the tools).
    const { Worker: WorkerThread } = process.getBuiltinModule('node:worker_threads');
    this.thread = new WorkerThread(REGEX_WORKER_SOURCE, { eval: true, resourceLimits: { maxOldGenerationSizeMb: 512 } });
    this.thread.on('message', (reply: { hits?: Int32Array; error?: string }) => {
      const pending = this.pending;
      this.pending = undefined;
      if (reply.error !== undefined) pending?.reject(new Error(reply.error));
      else pending?.resolve(reply.hits ?? new Int32Array(0));
    });
    const fail = (error: Error): void => {
      const pending = this.pending;
      this.pending = undefined;
      pending?.reject(error);
      onExit(this);
    };
    this.thread.on('error', fail);
    this.thread.on('exit', (code) => fail(new Error(`the regex worker exited with code ${code}`)));
  }

  run(op: RegexWorkerOp, regex: RegExp, items: readonly string[]): Promise<Int32Array> {
    return new Promise((resolve, reject) => {
      this.pending = { resolve, reject };
      this.thread.postMessage({ id: this.nextId++, op, source: regex.source, flags: regex.flags.replace(/[gy]/g, ''), items: items.join('\0') });
    });
  }
}

/** Options of {@link RegexWorkerPool}. */
export interface RegexWorkerPoolOptions {
  /** Workers running at once; further requests wait (default 4). */
  maxWorkers?: number;
  /** Idle workers kept warm for the next request (default 2). */
  maxIdle?: number;
}

/**
 * Runs regex matching in worker threads, where a pattern that backtracks catastrophically cannot
 * freeze the process: when the request's signal aborts, its worker is terminated (V8 stops it in the
 * middle of a match) and the request rejects with the signal's reason. Idle workers are kept warm
 * and do not keep the process alive; a busy one does. Items must not contain a NUL (paths cannot).
 */
export class RegexWorkerPool {
  private readonly idle: RegexWorker[] = [];
  private busy = 0;
  private readonly waiting: Array<() => void> = [];
  private readonly maxWorkers: number;
  private readonly maxIdle: number;
  /** Workers not known to have exited. */
  private readonly alive = new WeakSet<RegexWorker>();

  constructor(options: RegexWorkerPoolOptions = {}) {
    this.maxWorkers = options.maxWorkers ?? 4;
    this.maxIdle = options.maxIdle ?? 2;
  }

  /** Indexes of `items` that match (`op` says how), in order. */
  async match(op: RegexWorkerOp, regex: RegExp, items: readonly string[], signal?: AbortSignal): Promise<number[]> {
    signal?.throwIfAborted();
    if (items.length === 0) return [];
    while (this.busy >= this.maxWorkers) await new Promise<void>((resolve) => this.waiting.push(resolve));
    signal?.throwIfAborted();
    this.busy++;
    const worker = this.idle.pop() ?? this.spawn();
    worker.thread.ref();
    let aborted = false;
    const onAbort = (): void => {
      aborted = true;
      worker.pending?.reject(signal!.reason instanceof Error ? signal!.reason : new Error(String(signal!.reason)));
      worker.pending = undefined;
      void worker.thread.terminate();
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      return Array.from(await worker.run(op, regex, items));
    } finally {
      signal?.removeEventListener('abort', onAbort);
      this.busy--;
      if (!aborted && worker.pending === undefined && this.idle.length < this.maxIdle && this.alive.has(worker)) {
        worker.thread.unref();
        this.idle.push(worker);
      } else if (!aborted) void worker.thread.terminate();
      this.waiting.shift()?.();
    }
  }

  /** Ends every idle worker (busy ones end when their request settles). */
  async close(): Promise<void> {
    const idle = this.idle.splice(0);
    await Promise.all(idle.map((w) => w.thread.terminate()));
  }

  private spawn(): RegexWorker {
    const worker = new RegexWorker((w) => this.forget(w));
    this.alive.add(worker);
    return worker;
  }

  private forget(worker: RegexWorker): void {
    this.alive.delete(worker);
    const at = this.idle.indexOf(worker);
    if (at !== -1) this.idle.splice(at, 1);
  }
}

/** The process-wide pool that grep's JavaScript search and glob match with. */
export const regexWorkers = new RegexWorkerPool();
