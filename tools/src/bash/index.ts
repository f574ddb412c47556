export { BASH_DESCRIPTION, BashTool } from './definition.js';
export { BASH_DEFAULT_TIMEOUT_MS, BASH_MAX_TIMEOUT_MS, BashAction } from './bash-action.js';
export { BashExecutor } from './bash-executor.js';
export { BashObservation } from './bash-observation.js';
export { BashParams } from './bash-params.js';
