import { ErrorCode, ToolwrightError } from '@toolwright/sdk';

/** A file_editor failure the model can act on (the executor turns it into an error Observation). */
export function editorError(message: string, code: ErrorCode = ErrorCode.EXECUTION_FAILED): ToolwrightError {
  return new ToolwrightError({ code, message });
}
