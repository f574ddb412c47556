import type { SimpleCommand } from './simple-command.js';

/** A command line analysed: its simple commands (wrappers removed) and whether it only reads. */
export interface BashAnalysis {
  /** The simple commands, in order, with wrappers (`sudo`, `bash -c`, …) taken off. */
  commands: SimpleCommand[];
  /** Why the line cannot be analysed statically (command substitution, a loop, a syntax error, …). */
  problem?: string;
  /** True when every simple command only reads and nothing could not be analysed. */
  readOnly: boolean;
  /** True when a simple command may contact another host (`curl`, `git fetch`, a URL, `/dev/tcp/…`): never read-only; the tool is open-world. */
  network: boolean;
  /** Why the line is not read-only (the first simple command that is not, and why), when it is not. */
  notReadOnly?: string;
}
