import type { ShellWord } from './shell-word.js';

/** A redirection of a simple command. */
export interface ShellRedirect {
  /** The operator as written (`>`, `>>`, `2>`, `&>`, `<`, `<<<`, …). */
  operator: string;
  /** The file, for redirections to or from a file. */
  target?: ShellWord;
  /** True when the redirection writes a file (not a descriptor copy such as `2>&1`, nor `/dev/null`). */
  writes: boolean;
}

/** One simple command of a command line, with the wrappers that ran it taken off. */
export interface SimpleCommand {
  /** The command as written (the outermost form, wrappers included). */
  source: string;
  /** The command name and its arguments after quote removal. */
  words: ShellWord[];
  /** `NAME=value` prefixes. */
  assignments: ReadonlyArray<{ name: string; value: ShellWord }>;
  /** Its redirections, and those of any enclosing `{ …; }` group. */
  redirects: ShellRedirect[];
  /** Wrappers removed to reach `words`, outermost first (`sudo`, `timeout`, `bash -c`). */
  wrappers: string[];
  /** True when the wrapper appends arguments at run time (`xargs`), so the targets are not all known. */
  appendedArguments: boolean;
  /** The text a wrapper replaces with run-time input inside any word (`xargs -I {}`, `find -exec … {}`). */
  replaceString?: string;
  /** True when a wrapper runs it with other privileges or in another root (`sudo`, `doas`, `chroot`). */
  privileged?: boolean;
  /** Why a wrapper makes the call write even when the command only reads (`nohup` writes nohup.out, `time -o FILE`). */
  wrapperProblem?: string;
  /** The directory relative paths resolve against; undefined after a `cd` to an unknown place. */
  cwd: string | undefined;
}

/** The value of the command name, or '' for a command made only of assignments or redirections. */
export function commandName(command: SimpleCommand): string {
  return command.words[0]?.value ?? '';
}

/** The words joined by single spaces: the text permission rules match against. */
export function normalizedText(words: readonly ShellWord[]): string {
  return words.map((w) => w.value).join(' ');
}
