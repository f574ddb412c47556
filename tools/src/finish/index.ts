export { FINISH_DESCRIPTION, FinishAction, FinishObservation, FinishTool } from './definition.js';
export { FinishExecutor } from './impl.js';
