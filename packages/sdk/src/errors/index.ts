export { ErrorCode } from './error-code.js';
export { ToolwrightError } from './toolwright-error.js';
export type { ToolwrightErrorOptions } from './toolwright-error.js';
