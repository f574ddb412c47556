import type { Toolset } from './toolset.js';
import { RenamedToolset } from './renamed-toolset.js';

/**
 * Puts `prefix` before every name of the inner toolset (plain concatenation: write the separator,
 * e.g. `'web_'`). Old names stay visible to approvals and audits like {@link RenamedToolset}'s.
 */
export class PrefixedToolset extends RenamedToolset {
  constructor(
    inner: Toolset,
    readonly prefix: string,
  ) {
    super(inner, {});
  }

  protected override newName(name: string): string {
    return `${this.prefix}${name}`;
  }
}
