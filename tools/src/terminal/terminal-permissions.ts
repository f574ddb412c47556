import type { ToolPermissions } from '@toolwright/sdk/policy';
import { bashToolPermissions } from '../bash_safety/bash-tool-permissions.js';
import type { BashSafety } from '../bash_safety/bash-safety.js';
import type { TerminalAction } from './declarations.js';

/**
 * `terminal`'s permissions (file owned by BUILTINS; the rest of this folder is TOOLS'): a command
 * goes through the bash safety analysis. With `is_input`, polling for output ("") and `C-c` are
 * read-only; other input (text typed into a running program) and `reset` are not, and no rule
 * content matches them. `cwd` gives the session's current directory when known. `safety` may be its
 * loader (see `bashToolPermissions`).
 */
export function terminalPermissions(safety: BashSafety | (() => Promise<BashSafety>), cwd: () => string | undefined): ToolPermissions<TerminalAction> {
  return bashToolPermissions<TerminalAction>(safety, {
    commandOf: (action) => (action.isInput || action.reset ? undefined : action.command),
    cwd,
    isReadOnlyWithoutCommand: (action) => action.isInput && !action.reset && (action.command === '' || action.command === 'C-c'),
  });
}
