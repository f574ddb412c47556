import type { ChildProcess } from 'node:child_process';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { JsonLineReader } from './json-line-reader.js';
import type { OversizeLine } from './json-line-reader.js';
import { MCP_DEFAULTS } from './mcp-defaults.js';
import { NotificationOrder } from './notification-order.js';
import { StderrTail } from './stderr-tail.js';

/** Options of {@link StdioProcessTransport}. */
export interface StdioProcessOptions {
  command: string;
  args?: readonly string[];
  /** Added to a minimal inherited environment (HOME, PATH, USER, …), as the MCP SDK does. */
  env?: Readonly<Record<string, string>>;
  cwd?: string;
  /** Largest accepted message; a larger response becomes a JSON-RPC error for its request. */
  maxMessageBytes?: number;
  /** How long `close()` may take before the process group is killed, in ms. */
  closeTimeoutMs?: number;
  /** Stderr lines kept for error messages. */
  stderrLines?: number;
}

/** How the child process ended. */
export interface ProcessExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** JSON-RPC error code of a response dropped for its size (inside the server-error range). */
export const OVERSIZE_ERROR_CODE = -32099;

const live = new Set<ChildProcess>();
let exitHookInstalled = false;

/** Kills whatever is left of live children when this process exits (synchronously, best effort). */
function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const child of live) killGroup(child, 'SIGKILL');
  });
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  const pid = child.pid;
  if (pid === undefined) return;
  try {
    if (process.platform === 'win32') child.kill(signal);
    else process.kill(-pid, signal);
  } catch {
    // Already gone.
  }
}

/**
 * MCP's stdio transport for a server run as a child process, with what the SDK's lacks here:
 * stderr captured into a tail (never spilled onto the terminal), the exit code and signal kept,
 * non-JSON-RPC output on stdout before the handshake failing fast, oversized responses turned into
 * an error for their request, and `close()` ending the whole process group (stdin EOF, then
 * SIGTERM, then SIGKILL) and resolving only once the child has been reaped.
 */
export class StdioProcessTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  /** The child's last stderr lines. */
  readonly stderr: StderrTail;
  /** Set once the child exited. */
  exit?: ProcessExit;
  /** Why the transport gave up on the server (e.g. garbage on stdout), if it did. */
  failure?: string;

  private child?: ChildProcess;
  private exited?: Promise<void>;
  private sawMessage = false;
  private corked = false;
  private finished = false;
  private closing?: Promise<void>;
  private readonly reader: JsonLineReader;
  private readonly order = new NotificationOrder((message) => this.onmessage?.(message));
  private readonly maxMessageBytes: number;
  private readonly closeTimeoutMs: number;

  constructor(private readonly options: StdioProcessOptions) {
    this.stderr = new StderrTail(options.stderrLines ?? MCP_DEFAULTS.stderrLines);
    this.maxMessageBytes = options.maxMessageBytes ?? MCP_DEFAULTS.maxMessageBytes;
    this.closeTimeoutMs = options.closeTimeoutMs ?? MCP_DEFAULTS.closeTimeoutMs;
    this.reader = new JsonLineReader(this.maxMessageBytes, { line: (text) => this.onLine(text), oversize: (info) => this.onOversize(info) });
  }

  /** The child's process id (while it runs, and after, for checks). */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** `exited with code 1`, `was killed by SIGKILL`, or undefined while running. */
  describeExit(): string | undefined {
    if (!this.exit) return undefined;
    return this.exit.signal ? `was killed by ${this.exit.signal}` : `exited with code ${String(this.exit.code)}`;
  }

  start(): Promise<void> {
    if (this.child) return Promise.reject(new Error('StdioProcessTransport already started.'));
    // The SDK's stdio client module (with cross-spawn, ~20 files) loads with the first server started, not with @toolwright/sdk/mcp.
    return import('@modelcontextprotocol/sdk/client/stdio.js').then(({ getDefaultEnvironment }) => this.spawnChild(getDefaultEnvironment()));
  }

  private spawnChild(defaultEnv: Record<string, string>): Promise<void> {
    if (this.child) return Promise.reject(new Error('StdioProcessTransport already started.'));
    if (this.closing) return Promise.reject(new Error('StdioProcessTransport was closed before its process started.'));
    const { command, args = [], env, cwd } = this.options;
    return new Promise<void>((resolve, reject) => {
      // node:child_process loads with the first server started too.
      const child = process.getBuiltinModule('node:child_process').spawn(command, [...args], {
        cwd,
        env: { ...defaultEnv, ...env },
        stdio: ['pipe', 'pipe', 'pipe'],
        detached: process.platform !== 'win32',
        windowsHide: true,
      });
      this.child = child;
      this.exited = new Promise<void>((done) => child.once('exit', () => done()));
      child.once('error', (error: NodeJS.ErrnoException) => {
        const reason = error.code === 'ENOENT' ? `command not found: ${command} (ENOENT)` : error.message;
        this.failure ??= `could not start '${command}': ${reason}`;
        reject(new Error(this.failure));
        this.finish();
      });
      child.once('spawn', () => {
        live.add(child);
        installExitHook();
        resolve();
      });
      child.once('exit', (code, signal) => {
        this.exit = { code, signal };
        live.delete(child);
        // Lingering grandchildren may hold stdout open: do not wait for 'close' for long.
        setTimeout(() => this.finish(), 200).unref();
      });
      child.once('close', () => this.finish());
      child.stdout!.on('data', (chunk: Buffer) => this.reader.push(chunk));
      child.stderr!.setEncoding('utf8');
      child.stderr!.on('data', (chunk: string) => this.stderr.push(chunk));
      for (const stream of [child.stdin!, child.stdout!, child.stderr!]) stream.on('error', (error) => this.onerror?.(error));
    });
  }

  send(message: JSONRPCMessage): Promise<void> {
    const failure = this.write(message);
    if (failure) return Promise.reject(failure);
    const stdin = this.child!.stdin!;
    return stdin.writableNeedDrain ? new Promise<void>((resolve) => stdin.once('drain', resolve)) : Promise.resolve();
  }

  /**
   * @internal Writes `message` to the server at once, without waiting for the pipe to drain (the
   * raw call channel waits for the response instead): the error saying why nothing was sent
   * (not running, or not JSON), else undefined. {@link StdioProcessTransport.send} is this and the wait.
   */
  write(message: JSONRPCMessage): Error | undefined {
    const stdin = this.child?.stdin;
    if (!stdin || this.finished || !stdin.writable) return new Error(`Not connected: the server process ${this.describeExit() ?? 'is not running'}.`);
    let line: string;
    try {
      line = `${JSON.stringify(message)}\n`;
    } catch (error) {
      // Our own fault (a cycle, a BigInt, nesting too deep): the server is fine and must not be restarted for it.
      const failure = new Error(`the message could not be turned into JSON: ${error instanceof Error ? error.message : String(error)}`);
      failure.name = 'SerializationError';
      return failure;
    }
    // Messages of one tick go out together (one system call for many requests in flight).
    if (!this.corked) {
      this.corked = true;
      stdin.cork();
      process.nextTick(() => {
        this.corked = false;
        stdin.uncork();
      });
    }
    stdin.write(line);
    return undefined;
  }

  /** Ends the process group within the close timeout; resolves once the child is reaped. */
  close(): Promise<void> {
    return (this.closing ??= this.terminate());
  }

  private async terminate(): Promise<void> {
    const child = this.child;
    if (!child || child.pid === undefined) return this.finish();
    if (!this.exit) {
      const budget = this.closeTimeoutMs;
      child.stdin?.end();
      await this.waitExit(Math.min(2_000, budget * 0.2));
      if (!this.exit) killGroup(child, 'SIGTERM');
      await this.waitExit(budget * 0.6);
      if (!this.exit) killGroup(child, 'SIGKILL');
      await this.waitExit(budget * 0.2);
    }
    // Whatever the server started in its group goes with it.
    killGroup(child, 'SIGKILL');
    this.reader.clear();
    this.finish();
  }

  private waitExit(ms: number): Promise<void> {
    if (this.exit) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      void this.exited!.then(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  private finish(): void {
    if (this.finished) return;
    this.finished = true;
    this.order.flush();
    this.onclose?.();
  }

  private onLine(text: string): void {
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      message = undefined;
    }
    if (typeof message === 'object' && message !== null && (message as { jsonrpc?: unknown }).jsonrpc === '2.0') {
      this.sawMessage = true;
      this.order.push(message as JSONRPCMessage);
      return;
    }
    const shown = text.length > 200 ? `${text.slice(0, 200)}…` : text;
    if (!this.sawMessage) {
      // Before the handshake, this is not an MCP server talking: fail now rather than wait for a timeout.
      this.failure ??= `it wrote something that is not JSON-RPC on stdout: ${JSON.stringify(shown)} (stdout is reserved for MCP messages; logs belong on stderr)`;
      this.onerror?.(new Error(this.failure));
      if (this.child) killGroup(this.child, 'SIGTERM');
      void this.close();
      return;
    }
    this.stderr.note(`[stdout, not JSON-RPC, ignored] ${shown}`);
  }

  private onOversize(info: OversizeLine): void {
    const text = `a message of ${info.bytes} bytes exceeded the limit of ${this.maxMessageBytes} bytes and was dropped`;
    if (info.id === undefined) {
      this.stderr.note(`[toolwright] ${text}`);
      this.onerror?.(new Error(`The server sent ${text}.`));
      return;
    }
    this.order.push({
      jsonrpc: '2.0',
      id: info.id,
      error: { code: OVERSIZE_ERROR_CODE, message: `The response was too large: ${text}.`, data: { bytes: info.bytes, limit: this.maxMessageBytes } },
    });
  }
}
