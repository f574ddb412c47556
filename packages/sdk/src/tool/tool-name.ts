import { ErrorCode } from '../errors/error-code.js';
import { ToolwrightError } from '../errors/toolwright-error.js';

/** What a tool name must look like (the strictest provider's rule). */
export const TOOL_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;

/** `TerminalTool` → `terminal`, `BrowserToolSet` → `browser_tool_set`, `GrepAction` → `grep`. */
export function toolNameFromClass(className: string): string {
  const base = className.replace(/(Tool|Action)$/, '') || className;
  return base
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .toLowerCase();
}

/** Throws `INVALID_DEFINITION` unless `name` matches {@link TOOL_NAME_PATTERN}. */
export function assertToolName(name: string): void {
  if (!TOOL_NAME_PATTERN.test(name)) {
    throw new ToolwrightError({
      code: ErrorCode.INVALID_DEFINITION,
      message: `Invalid tool name ${JSON.stringify(name)}: names must match ${TOOL_NAME_PATTERN.source} (letters, digits, '_' or '-', 1 to 64 characters).`,
      details: { name },
    });
  }
}
