export { THINK_DESCRIPTION, ThinkAction, ThinkObservation, ThinkTool } from './definition.js';
export { ThinkExecutor } from './impl.js';
