export { READ_MAX_LINE_CHARS, READ_MAX_LINES, ReadAction, ReadObservation } from './declarations.js';
export { READ_DESCRIPTION, ReadTool } from './definition.js';
export { FileToolParams } from './file-tool-params.js';
export { FileToolRoots } from './file-tool-roots.js';
export { READ_MAX_OUTPUT_CHARS, ReadExecutor } from './impl.js';
export { assertReadBeforeWrite } from './read-before-write.js';
export { MAX_LEDGER_FILES, ReadLedger } from './read-ledger.js';
export { fileToolPermissions } from './file-tool-permissions.js';
