import type * as ChalkModule from 'chalk';
import type { ChalkInstance } from 'chalk';
import { maskSecrets } from '@toolwright/sdk';
import { resetPaint } from '@toolwright/sdk/internal';
import { escapeControlChars } from '../format/escape-control-chars.js';

/** A stream the CLI writes to, with the TTY facts it looks at. */
export type OutputStream = NodeJS.WritableStream & { isTTY?: boolean; columns?: number };

/** A stream the CLI reads from. */
export type InputStream = NodeJS.ReadableStream & { isTTY?: boolean };

/** The process facts a command uses; tests pass their own. */
export interface CliIo {
  stdin: InputStream;
  stdout: OutputStream;
  stderr: OutputStream;
  env: NodeJS.ProcessEnv;
  cwd: string;
}

/** The real process's streams, environment and directory. */
export function processIo(): CliIo {
  return { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr, env: process.env, cwd: process.cwd() };
}

type Level = 0 | 1 | 2 | 3;

let chalkModule: typeof ChalkModule | undefined;

/**
 * chalk, loaded on first use through Node's own require (Node ≥ 20.19 requires its ES build): a
 * command that colours nothing before it answers (`serve`) does not load it.
 */
function chalk(): typeof ChalkModule {
  return (chalkModule ??= process.getBuiltinModule('node:module').createRequire(import.meta.url)('chalk') as typeof ChalkModule);
}

/**
 * The colour level: none with `--no-color` or a non-empty `NO_COLOR` (unless `FORCE_COLOR`),
 * `FORCE_COLOR` when set, else the terminal's support when stdout is a TTY, else none.
 */
export function colorLevel(io: CliIo, noColor: boolean): Level {
  const env = io.env;
  if (noColor) return 0;
  const force = env.FORCE_COLOR;
  if (env.NO_COLOR && force === undefined) return 0;
  if (force !== undefined) {
    if (force === '0' || force === 'false') return 0;
    const n = Number(force);
    return n >= 1 && n <= 3 ? (n as Level) : 1;
  }
  if (!io.stdout.isTTY || env.TERM === 'dumb') return 0;
  const { supportsColor } = chalk();
  return supportsColor ? supportsColor.level : 1;
}

/**
 * What `Terminal.c` is when output is not coloured, without loading chalk: every style and chain
 * of styles is what chalk's are at level 0, the text unchanged (one argument as a string, several
 * joined by spaces).
 */
const PLAIN: ChalkInstance = new Proxy(() => undefined, {
  get: (_target, key) => (key === 'level' ? 0 : PLAIN),
  apply: (_target, _this, text: unknown[]) => (text.length === 1 ? String(text[0]) : text.join(' ')),
}) as unknown as ChalkInstance;

/**
 * Where a command writes: stdout for results, stderr for diagnostics, one chalk instance for both.
 * The colour decision is also applied to the kernel's `visualize()` (through `NO_COLOR`).
 */
export class Terminal {
  private readonly level: Level;
  private chalk?: ChalkInstance;

  constructor(
    readonly io: CliIo,
    options: { noColor?: boolean } = {},
  ) {
    const level = colorLevel(io, options.noColor === true);
    this.level = level;
    if (io.env === process.env) {
      if (level === 0) {
        process.env.NO_COLOR = '1';
        delete process.env.FORCE_COLOR;
      }
      resetPaint();
    }
  }

  /** The chalk instance to colour with (made on first use; with colours off, the same text back). */
  get c(): ChalkInstance {
    if (this.level === 0) return PLAIN;
    return (this.chalk ??= new (chalk().Chalk)({ level: this.level }));
  }

  /** True when output is coloured. */
  get colored(): boolean {
    return this.level > 0;
  }

  /**
   * Writes text that came from a tool or a server (a rendered observation or action) to stdout:
   * control characters are shown, not obeyed; our own colours stay when colours are on.
   */
  outUntrusted(text: string): void {
    this.out(escapeControlChars(text, { keepColors: this.colored }));
  }

  /** {@link Terminal.outUntrusted} for stderr. */
  errUntrusted(text: string): void {
    this.err(escapeControlChars(text, { keepColors: this.colored }));
  }

  /** Writes `text` and a newline to stdout. */
  out(text: string): void {
    // Every line the CLI prints passes here: a registered secret never reaches the terminal.
    this.io.stdout.write(`${maskSecrets(text)}\n`);
  }

  /** Writes `text` and a newline to stderr. */
  err(text: string): void {
    this.io.stderr.write(`${maskSecrets(text)}\n`);
  }

  /** Both stdin and stdout are terminals (a human is there). */
  get interactive(): boolean {
    return this.io.stdin.isTTY === true && this.io.stdout.isTTY === true;
  }

  /** Width of stdout when it is a terminal. */
  get columns(): number | undefined {
    return this.io.stdout.isTTY ? this.io.stdout.columns : undefined;
  }
}
