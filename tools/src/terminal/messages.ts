/** How to deal with a command that is still running (appended when a result comes back early). */
export const STILL_RUNNING_HINT =
  'Send "" with is_input=true to wait for more output, send text with is_input=true to answer the program, ' +
  'or send "C-c" with is_input=true to interrupt it (or set `timeout` on future commands).';

/** The result of a reset. */
export const RESET_TEXT = 'Terminal session has been reset. All previous environment variables and session state have been cleared.';

/** Prefix of output that continues a previous result of the same command. */
export const CONTINUED_PREFIX = '[Continued output of the running command.]\n';

/** Suffix after a soft timeout. */
export function idleSuffix(seconds: number): string {
  return `[The command has produced no new output for ${seconds} seconds and is still running. ${STILL_RUNNING_HINT}]`;
}

/** The refusal of a new command while one is running. */
export function busySuffix(command: string): string {
  return `[Your command "${command}" was NOT run: the previous command is still running, and a new command cannot start until it ends. ${STILL_RUNNING_HINT}]`;
}

/** Suffix after the hard time limit interrupted the command. */
export function hardTimeoutSuffix(seconds: number): string {
  return `[The command timed out after ${seconds} seconds (its \`timeout\`) and was interrupted with C-c. Run it again with a larger \`timeout\`, or in the background with its output in a file.]`;
}

/** The refusal of several commands on separate lines. */
export function multipleCommandsText(commands: readonly string[]): string {
  const list = commands.map((c, i) => `(${i + 1}) ${c}`).join('\n');
  return `Cannot execute multiple commands at once.\nRun them one per call, or chain them into one command with && or ;\nCommands given:\n${list}`;
}

/** Said when the shell exited (`exit`, `exec`, a signal) and a fresh one took its place. */
export function restartedText(exitCode: number | null, workingDir: string): string {
  const code = exitCode === null ? '' : ` with code ${exitCode}`;
  return `[The shell exited${code} and was restarted: a new session runs in ${workingDir}; variables, functions, aliases and directory changes from before are gone, and background jobs were ended.]`;
}

/** Suffix when input for a running program was not sent because the program had already ended. */
export function inputNotSentSuffix(): string {
  return '[Your input was NOT sent: the command had already finished (its output and exit code are above), and input sent now would reach the shell as a command. Run a new command instead.]';
}

/** Suffix when a new command was not run because the shell had exited meanwhile. */
export function notRunSuffix(command: string): string {
  return `[Your command "${command}" was NOT run: the shell exited before it could start. Send it again to run it in the new session.]`;
}
