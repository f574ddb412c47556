import { ErrorCode, ToolwrightError } from '@toolwright/sdk';

/** A `group` or `group/tool` reference, split. */
export interface ToolRef {
  readonly toolgroupId: string;
  /** Set for `group/tool`. */
  readonly tool?: string;
}

/** Splits `builtin::websearch` or `mcp::docs/search` (group ids contain no `/`). Throws `INVALID_SPEC` for an empty part. */
export function parseToolRef(ref: string): ToolRef {
  const slash = ref.indexOf('/');
  if (slash === -1) return { toolgroupId: ref };
  const toolgroupId = ref.slice(0, slash);
  const tool = ref.slice(slash + 1);
  if (toolgroupId === '' || tool === '' || tool.includes('/')) {
    throw new ToolwrightError({
      code: ErrorCode.INVALID_SPEC,
      message: `'${ref}' is not a tool group reference; expected 'group' or 'group/tool' (e.g. 'builtin::websearch' or 'mcp::docs/search').`,
      details: { ref },
    });
  }
  return { toolgroupId, tool };
}
