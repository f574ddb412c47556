export { FINISH_DESCRIPTION, FinishAction, FinishObservation } from './declarations.js';
export { FinishTool } from './definition.js';
export { FinishExecutor } from './impl.js';
