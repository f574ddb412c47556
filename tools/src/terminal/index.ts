export { cleanOutput } from './clean-output.js';
export { TERMINAL_DESCRIPTION, TerminalAction, TerminalObservation, TerminalParams, TerminalTool } from './definition.js';
export { MAX_OUTPUT_CHARS, TerminalExecutor } from './impl.js';
export { keyBytes, NAMED_KEYS } from './keys.js';
export { literalHint, literalKind } from './literal-argument.js';
export { hasUtilLinuxScript, PtySession } from './pty-session.js';
export type { PtySessionOptions, WaitOptions, WaitOutcome } from './pty-session.js';
export { isAlive, killSession, processesInSession } from './session-processes.js';
export { splitCommands } from './split-commands.js';
