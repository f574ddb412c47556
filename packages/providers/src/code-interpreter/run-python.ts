import { spawn } from 'node:child_process';
import type { ImageContent } from '@toolwright/sdk';

/** How a run ended. */
export type PythonRunStatus = 'completed' | 'failed' | 'timeout' | 'aborted';

/** What {@link runPython} reports. */
export interface PythonRun {
  status: PythonRunStatus;
  exitCode: number | null;
  stdout: string;
  stderr: string;
  /** Open matplotlib figures at the end of the run, as PNG images. */
  figures: ImageContent[];
  durationMs: number;
}

/** Inputs of {@link runPython}. */
export interface RunPythonOptions {
  command: string;
  args: readonly string[];
  env: Readonly<Record<string, string>>;
  cwd: string;
  /** The user's code, written to the child's stdin. */
  code: string;
  timeoutMs: number;
  /** Per stream; the rest is dropped with a note. */
  maxOutputBytes: number;
  signal?: AbortSignal;
}

const MAX_FIGURE_BYTES = 8 * 1024 * 1024;

/**
 * Runs the interpreter in its own process group and collects stdout, stderr (each capped) and
 * figures (fd 3). At the time limit or on abort the whole group is SIGKILLed (with bwrap's
 * `--die-with-parent`, the sandbox and everything in it dies too). Rejects only when the command
 * cannot be started.
 */
export function runPython(options: RunPythonOptions): Promise<PythonRun> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(options.command, options.args, { cwd: options.cwd, env: { ...options.env }, stdio: ['pipe', 'pipe', 'pipe', 'pipe'], detached: true });
    const stdout = new Capped(options.maxOutputBytes);
    const stderr = new Capped(options.maxOutputBytes);
    const figureBytes = new Capped(MAX_FIGURE_BYTES * 2);
    let ended: PythonRunStatus | undefined;
    const kill = (status: PythonRunStatus): void => {
      if (ended) return;
      ended = status;
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    };
    const timer = setTimeout(() => kill('timeout'), options.timeoutMs);
    const onAbort = (): void => kill('aborted');
    options.signal?.addEventListener('abort', onAbort, { once: true });
    child.stdout!.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr!.on('data', (chunk: Buffer) => stderr.push(chunk));
    (child.stdio[3] as NodeJS.ReadableStream).on('data', (chunk: Buffer) => figureBytes.push(chunk));
    child.stdin!.on('error', () => undefined);
    child.stdin!.end(options.code);
    child.on('error', (error) => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      resolve({
        status: ended ?? (code === 0 ? 'completed' : 'failed'),
        exitCode: code,
        stdout: stdout.text(),
        stderr: stderr.text(),
        figures: ended ? [] : figuresOf(figureBytes.text()),
        durationMs: performance.now() - started,
      });
    });
    if (options.signal?.aborted) onAbort();
  });
}

function figuresOf(lines: string): ImageContent[] {
  const out: ImageContent[] = [];
  for (const line of lines.split('\n')) {
    if (line === '') continue;
    try {
      const parsed = JSON.parse(line) as { mimeType?: unknown; data?: unknown };
      if (parsed.mimeType === 'image/png' && typeof parsed.data === 'string' && /^[A-Za-z0-9+/]*={0,2}$/.test(parsed.data)) {
        out.push({ type: 'image', data: parsed.data, mimeType: 'image/png' });
      }
    } catch {
      // A line the code forged on fd 3 that is not ours: ignored.
    }
  }
  return out;
}

/** A byte buffer that keeps the first `limit` bytes and counts the rest. */
class Capped {
  private readonly chunks: Buffer[] = [];
  private size = 0;
  private dropped = 0;
  constructor(private readonly limit: number) {}
  push(chunk: Buffer): void {
    const room = this.limit - this.size;
    if (room <= 0) {
      this.dropped += chunk.length;
      return;
    }
    const kept = chunk.length <= room ? chunk : chunk.subarray(0, room);
    this.chunks.push(kept);
    this.size += kept.length;
    this.dropped += chunk.length - kept.length;
  }
  text(): string {
    const text = Buffer.concat(this.chunks).toString('utf8');
    return this.dropped > 0 ? `${text}\n[… ${this.dropped} more bytes not shown]\n` : text;
  }
}
