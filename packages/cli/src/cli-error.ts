/** Exit codes of the `toolwright` command. */
export const ExitCode = {
  /** The command did what was asked (for `call`: the observation is not an error). */
  OK: 0,
  /** `call` ran, and the tool answered with an error observation. */
  ERROR_OBSERVATION: 1,
  /** The command line or the spec is wrong; nothing ran. */
  USAGE: 2,
  /** `run` stopped for an approval nobody could give here; its state file says how to resume. */
  AWAITING_APPROVAL: 3,
  /** Our own bug (EX_SOFTWARE). */
  INTERNAL: 70,
  /** The user pressed Ctrl-C (128 + SIGINT). */
  INTERRUPTED: 130,
} as const;

/** One of the {@link ExitCode} values. */
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];

/** Constructor options of {@link CliError}. */
export interface CliErrorOptions {
  /** What was wrong and what is expected, for the user. */
  message: string;
  /** A follow-up line (the usage of the command, a suggestion). */
  hint?: string;
  /** The subcommand the mistake belongs to; the report then starts `toolwright <command>:`. */
  command?: string;
  /** Exit code (default {@link ExitCode.USAGE}). */
  exitCode?: ExitCode;
  /** The underlying error. */
  cause?: unknown;
}

/**
 * A mistake on the command line or in the spec: printed to stderr (message, then hint) and the
 * process exits with {@link ExitCode.USAGE}. Library errors (`ToolwrightError`) are converted to
 * this at the command boundary; a tool's failure is never one (it is an error observation).
 */
export class CliError extends Error {
  /** A follow-up line. */
  readonly hint?: string;
  /** The process exit code. */
  readonly exitCode: ExitCode;
  /** The subcommand the mistake belongs to, if any. */
  readonly command?: string;

  constructor(options: CliErrorOptions) {
    super(options.message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'CliError';
    this.hint = options.hint;
    this.command = options.command;
    this.exitCode = options.exitCode ?? ExitCode.USAGE;
  }
}
