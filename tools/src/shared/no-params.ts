import { ErrorCode, ToolwrightError } from '@toolwright/sdk';

/**
 * Throws `INVALID_PARAMS` when a tool that takes no params is created with some (the registry
 * checks this too; this guards direct `create` calls).
 */
export function assertNoParams(tool: string, params: unknown): void {
  if (params === undefined || params === null) return;
  const keys = typeof params === 'object' ? Object.keys(params) : [String(params)];
  if (keys.length === 0) return;
  throw new ToolwrightError({
    code: ErrorCode.INVALID_PARAMS,
    message: `Tool '${tool}' takes no params; got ${keys.join(', ')}. Remove them from the spec.`,
    details: { name: tool, params: keys },
  });
}
