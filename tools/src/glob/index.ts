export { GLOB_DESCRIPTION, GlobAction, GlobObservation } from './declarations.js';
export { GlobTool } from './definition.js';
export { GLOB_MAX_RESULTS, GlobExecutor } from './impl.js';
export { anyDepth, splitPattern } from './split-pattern.js';
export type { SplitPattern } from './split-pattern.js';
export { globMatcher } from './glob-matcher.js';
export type { GlobMatcher } from './glob-matcher.js';
