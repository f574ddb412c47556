import { ErrorCode } from '../errors/error-code.js';
import { ToolwrightError } from '../errors/toolwright-error.js';
import type { Toolset } from './toolset.js';
import { RenamedToolset } from './renamed-toolset.js';

/**
 * Puts `prefix` before every name of the inner toolset (plain concatenation: write the separator,
 * e.g. `'web_'`). A prefix of other characters than letters, digits, `_` and `-` throws
 * `INVALID_DEFINITION` here; a name made longer than 64 characters, at resolution. Old names stay
 * visible to approvals and audits like {@link RenamedToolset}'s.
 */
export class PrefixedToolset extends RenamedToolset {
  constructor(
    inner: Toolset,
    readonly prefix: string,
  ) {
    super(inner, {});
    if (typeof prefix !== 'string' || !/^[a-zA-Z0-9_-]*$/.test(prefix)) {
      throw new ToolwrightError({
        code: ErrorCode.INVALID_DEFINITION,
        message: `PrefixedToolset over ${this.label}: the prefix must be letters, digits, '_' or '-', got ${JSON.stringify(prefix)}.`,
      });
    }
  }

  protected override newName(name: string): string {
    return `${this.prefix}${name}`;
  }
}
