import { resultFromError } from './invocation-error.js';
import { normaliseResult } from './normalise-result.js';
import type { ToolInvocationResult } from './tool-invocation-result.js';

/** How a tool's provider outcome becomes its result, with the runtime's metadata (made once per tool, so a call allocates no handlers). */
export interface ToolSettler {
  /** A provider's result, normalised ({@link normaliseResult}). */
  result(result: ToolInvocationResult): ToolInvocationResult;
  /** A provider's thrown error or rejection as a result ({@link resultFromError}). */
  error(error: unknown): ToolInvocationResult;
}

/** The {@link ToolSettler} of tool `name` in group `toolgroupId`; each result gets its own metadata object. */
export function toolSettler(name: string, toolgroupId: string): ToolSettler {
  return {
    result: (result) => normaliseResult(result, name, { toolgroupId }),
    error: (error) => resultFromError(error, name, { toolgroupId }),
  };
}
