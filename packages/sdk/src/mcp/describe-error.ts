// The one describeError lives in util/ (the runtime and the MCP layer word errors alike).
export { describeError, isErrorLike } from '../util/describe-error.js';
