export { EditAction, EditObservation } from './declarations.js';
export { EDIT_DESCRIPTION, EditTool } from './definition.js';
export { EDIT_SNIPPET_LINES, EditExecutor } from './impl.js';
export { countOccurrences, replaceExact } from './replace-exact.js';
export type { ExactReplacement } from './replace-exact.js';
