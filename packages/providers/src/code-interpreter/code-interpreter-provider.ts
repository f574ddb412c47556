import { existsSync, mkdirSync, mkdtempSync, readdirSync, realpathSync, rmSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ErrorCode, textContent, ToolwrightError } from '@toolwright/sdk';
import type { Content } from '@toolwright/sdk';
import type { InvocationContext, ProvidedToolDef, ToolGroupProvider } from '../runtime/tool-group-provider.js';
import type { ToolDef } from '../runtime/tool-def.js';
import { InvocationErrorCode } from '../runtime/tool-invocation-result.js';
import type { ToolInvocationResult } from '../runtime/tool-invocation-result.js';
import { PYTHON_PRELUDE } from './python-prelude.js';
import { runPython } from './run-python.js';
import type { PythonRun } from './run-python.js';
import { bwrapArgs } from './sandbox-command.js';
import type { SandboxMode } from './sandbox-command.js';
import { stripHostPaths } from './strip-host-paths.js';
import { checkOptions } from '../runtime/check-arguments.js';

/** Options of {@link CodeInterpreterProvider}. */
export interface CodeInterpreterOptions {
  /** `bwrap` (default). `none` runs code with your user's rights, and says so with a warning. */
  sandbox?: SandboxMode;
  /** Time limit per run in ms (default 20 s); past it the run is killed and reported as a timeout. */
  timeoutMs?: number;
  /** The Python interpreter (default `/usr/bin/python3`, Debian's, which has python3-matplotlib). */
  python?: string;
  /** The bubblewrap binary (default `bwrap` on PATH). */
  bwrap?: string;
  /** Address-space limit of the Python process, bytes (default 2 GiB). */
  memoryBytes?: number;
  /** Size of the private /tmp, and the largest file the code may write, bytes (default 64 MiB). */
  tmpBytes?: number;
  /** Kept of stdout and of stderr each, bytes (default 64 KiB). */
  maxOutputBytes?: number;
  /** Runs at once; more wait (default 2). */
  maxConcurrent?: number;
  /** Where matplotlib's font cache is kept between runs (default `$XDG_CACHE_HOME/toolwright/matplotlib`). */
  cacheDir?: string;
  /** Receives warnings (default `process.emitWarning`). */
  onWarning?: (message: string) => void;
}

/** The provider id. */
export const CODE_INTERPRETER_PROVIDER_ID = 'code-interpreter';

const MAX_CODE_CHARS = 100_000;
const TOOL: ProvidedToolDef = {
  name: 'code_interpreter',
  description:
    'Run Python 3 code in an isolated sandbox (no network, no access to the host files; only /tmp is writable and is discarded afterwards). ' +
    'Returns stdout and stderr; open matplotlib figures are returned as PNG images. Each call starts fresh: no state is kept between calls.',
  inputSchema: {
    type: 'object',
    properties: { code: { type: 'string', minLength: 1, maxLength: MAX_CODE_CHARS, description: 'The Python code to run.' } },
    required: ['code'],
    additionalProperties: false,
  },
  annotations: { readOnlyHint: true, openWorldHint: false },
};

/**
 * `builtin::code_interpreter`: runs Python in a bubblewrap sandbox (see `bwrapArgs`), with hard
 * resource limits, a time limit (default 20 s) reported as a `TIMEOUT` result, output as
 * `[stdout]…[/stdout]` and `[stderr]…[/stderr]`, matplotlib figures as image content, and the
 * machine's paths stripped from tracebacks. It never falls back to running unsandboxed: a missing
 * or broken bwrap is an error result saying what to install; `sandbox: 'none'` must be chosen.
 */
export class CodeInterpreterProvider implements ToolGroupProvider {
  readonly id = CODE_INTERPRETER_PROVIDER_ID;
  readonly sandbox: SandboxMode;
  readonly timeoutMs: number;
  private readonly options: Required<Omit<CodeInterpreterOptions, 'onWarning' | 'sandbox' | 'timeoutMs'>>;
  private running = 0;
  private readonly queue: (() => void)[] = [];
  private cacheReady?: Promise<void>;

  constructor(options: CodeInterpreterOptions = {}) {
    checkOptions('new CodeInterpreterProvider(options?)', options, {
      sandbox: 'string',
      timeoutMs: 'positive number',
      python: 'non-empty string',
      bwrap: 'non-empty string',
      memoryBytes: 'positive integer',
      tmpBytes: 'positive integer',
      maxOutputBytes: 'positive integer',
      maxConcurrent: 'positive integer',
      cacheDir: 'non-empty string',
      onWarning: 'function',
    });
    this.sandbox = options.sandbox ?? 'bwrap';
    if (this.sandbox !== 'bwrap' && this.sandbox !== 'none') {
      throw new ToolwrightError({ code: ErrorCode.INVALID_SPEC, message: `Code interpreter sandbox ${JSON.stringify(this.sandbox)} is not known; expected 'bwrap' or 'none'.` });
    }
    this.timeoutMs = options.timeoutMs ?? 20_000;
    if (!(this.timeoutMs > 0)) throw new ToolwrightError({ code: ErrorCode.INVALID_SPEC, message: `Code interpreter timeoutMs must be a positive number of ms, got ${String(options.timeoutMs)}.` });
    this.options = {
      python: options.python ?? '/usr/bin/python3',
      bwrap: options.bwrap ?? 'bwrap',
      memoryBytes: options.memoryBytes ?? 2 * 1024 ** 3,
      tmpBytes: options.tmpBytes ?? 64 * 1024 ** 2,
      maxOutputBytes: options.maxOutputBytes ?? 64 * 1024,
      maxConcurrent: options.maxConcurrent ?? 2,
      cacheDir: options.cacheDir ?? join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'toolwright', 'matplotlib'),
    };
    if (this.sandbox === 'none') {
      (options.onWarning ?? ((m: string) => process.emitWarning(m, 'ToolwrightWarning')))(
        "Code interpreter runs WITHOUT a sandbox (sandbox: 'none'): the code runs as your user, can read and write your files and reach the network.",
      );
    }
  }

  knownToolNames(): readonly string[] {
    return ['code_interpreter'];
  }

  listTools(): ProvidedToolDef[] {
    return [TOOL];
  }

  async invoke(_tool: ToolDef, kwargs: Record<string, unknown>, ctx: InvocationContext): Promise<ToolInvocationResult> {
    const code = kwargs.code as string;
    await this.acquire();
    try {
      mkdirSync(this.options.cacheDir, { recursive: true, mode: 0o700 });
      if (/matplotlib|pylab/.test(code)) await this.prepareCache();
      const workDir = realpathSync(mkdtempSync(join(tmpdir(), 'tw-code-')));
      try {
        return this.result(await this.run(code, workDir, ctx.signal), workDir);
      } finally {
        rmSync(workDir, { recursive: true, force: true });
      }
    } finally {
      this.release();
    }
  }

  private async run(code: string, workDir: string, signal: AbortSignal | undefined, buildCache = false): Promise<PythonRun> {
    const limits = {
      RLIMIT_AS: this.options.memoryBytes,
      RLIMIT_FSIZE: this.options.tmpBytes,
      RLIMIT_CPU: Math.ceil(this.timeoutMs / 1000) + 1,
      RLIMIT_NOFILE: 256,
      RLIMIT_CORE: 0,
    };
    const common = { PATH: '/usr/bin:/bin', LANG: 'C.UTF-8', PYTHONHASHSEED: '0', MPLBACKEND: 'Agg', OPENBLAS_NUM_THREADS: '1', TW_LIMITS: JSON.stringify(limits) };
    let command: string;
    let args: string[];
    let env: Record<string, string>;
    if (this.sandbox === 'bwrap') {
      const sandboxEnv = { ...common, HOME: '/tmp', MPLCONFIGDIR: buildCache ? '/.mpl-cache' : '/tmp/.mpl', TW_MPL_CACHE: buildCache ? '' : '/.mpl-cache' };
      command = this.options.bwrap;
      args = bwrapArgs({ python: this.options.python, env: sandboxEnv, tmpBytes: this.options.tmpBytes, mplCacheDir: this.options.cacheDir, writableCache: buildCache, program: PYTHON_PRELUDE });
      env = { PATH: process.env.PATH ?? '/usr/bin:/bin' };
    } else {
      command = this.options.python;
      args = ['-I', '-B', '-c', PYTHON_PRELUDE];
      env = { ...common, HOME: workDir, MPLCONFIGDIR: buildCache ? this.options.cacheDir : join(workDir, '.mpl'), TW_MPL_CACHE: buildCache ? '' : this.options.cacheDir };
    }
    try {
      return await runPython({ command, args, env, cwd: workDir, code, timeoutMs: buildCache ? 120_000 : this.timeoutMs, maxOutputBytes: this.options.maxOutputBytes, signal });
    } catch (error) {
      const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
      throw new ToolwrightError({
        code: ErrorCode.EXECUTION_FAILED,
        message:
          missing && this.sandbox === 'bwrap'
            ? `The code interpreter's sandbox is not installed: '${command}' was not found. Install bubblewrap (Debian: apt-get install bubblewrap), or configure sandbox: 'none' to run code unsandboxed (unsafe).`
            : `The code interpreter could not start '${command}': ${(error as Error).message}.`,
        cause: error,
      });
    }
  }

  private result(run: PythonRun, workDir: string): ToolInvocationResult {
    if (this.sandbox === 'bwrap' && run.status === 'failed' && run.stdout === '' && /^bwrap: execvp /m.test(run.stderr)) {
      throw new ToolwrightError({
        code: ErrorCode.EXECUTION_FAILED,
        message: `The code interpreter's Python (${this.options.python}) is not installed: ${run.stderr.trim()}. Install Debian's python3 and python3-matplotlib, or set the python option to an interpreter under /usr.`,
      });
    }
    if (this.sandbox === 'bwrap' && run.status === 'failed' && run.stdout === '' && /^bwrap: /m.test(run.stderr)) {
      throw new ToolwrightError({
        code: ErrorCode.EXECUTION_FAILED,
        message: `The code interpreter's sandbox could not start: ${run.stderr.trim()}. bubblewrap needs user namespaces (in a container: --privileged or a seccomp profile that allows them); the code was not run.`,
      });
    }
    // Each section ends in a newline, so that the closing tag is on its own line.
    const strip = (text: string): string => {
      const clean = stripHostPaths(text, [workDir, homedir()]);
      return clean === '' || clean.endsWith('\n') ? clean : `${clean}\n`;
    };
    const seconds = `${(this.timeoutMs / 1000).toFixed(this.timeoutMs % 1000 === 0 ? 0 : 1)} s`;
    const head =
      run.status === 'completed'
        ? 'completed'
        : run.status === 'timeout'
          ? `timeout: the code ran longer than ${seconds} and was killed`
          : run.status === 'aborted'
            ? 'aborted: the run was cancelled and killed'
            : `failed: exit code ${String(run.exitCode)}`;
    const text = `${head}\n[stdout]\n${strip(run.stdout)}[/stdout]\n[stderr]\n${strip(run.stderr)}[/stderr]`;
    const content: Content[] = [textContent(text), ...run.figures];
    const metadata = { status: run.status, exitCode: run.exitCode, durationMs: Math.round(run.durationMs), sandbox: this.sandbox };
    if (run.status === 'completed') return { content, metadata };
    const errorCode = run.status === 'timeout' ? InvocationErrorCode.TIMEOUT : run.status === 'aborted' ? InvocationErrorCode.ABORTED : InvocationErrorCode.TOOL_ERROR;
    return { content, errorCode, errorMessage: head, metadata };
  }

  /** Builds matplotlib's font cache once (in the sandbox), so later runs skip the ~2 s scan. */
  private prepareCache(): Promise<void> {
    return (this.cacheReady ??= (async () => {
      const dir = this.options.cacheDir;
      if (existsSync(dir) && readdirSync(dir).some((f) => f.startsWith('fontlist'))) return;
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      const workDir = realpathSync(mkdtempSync(join(tmpdir(), 'tw-code-')));
      try {
        await this.run('import matplotlib.font_manager', workDir, undefined, true);
      } catch {
        // Without a cache, runs still work (slower).
      } finally {
        rmSync(workDir, { recursive: true, force: true });
      }
    })());
  }

  private acquire(): Promise<void> {
    if (this.running < this.options.maxConcurrent) {
      this.running++;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.queue.push(resolve));
  }

  private release(): void {
    const next = this.queue.shift();
    if (next) next();
    else this.running--;
  }
}
