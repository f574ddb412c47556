export { WriteAction, WriteObservation } from './declarations.js';
export { WRITE_DESCRIPTION, WriteTool } from './definition.js';
export { WriteExecutor } from './impl.js';
