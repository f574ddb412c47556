import { ErrorCode, ToolwrightError } from '@toolwright/sdk';

/** A file_editor failure the model can act on: thrown, and worded as it is by the error funnel (`fromError` of the tool's Observation class). */
export function editorError(message: string, code: ErrorCode = ErrorCode.EXECUTION_FAILED): ToolwrightError {
  return new ToolwrightError({ code, message });
}
