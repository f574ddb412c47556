export { THINK_DESCRIPTION, ThinkAction, ThinkObservation } from './declarations.js';
export { ThinkTool } from './definition.js';
export { ThinkExecutor } from './impl.js';
