export { GREP_BACKENDS, GREP_DESCRIPTION, GrepAction, GrepObservation, GrepParams, GrepTool } from './definition.js';
export type { GrepBackend } from './definition.js';
export { GREP_MAX_RESULTS, GrepExecutor } from './impl.js';
export { includeFilter, isNameGlob } from './include-filter.js';
export type { IncludeFilter } from './include-filter.js';
export { jsSearch } from './js-search.js';
export { ripgrepSearch } from './ripgrep-search.js';
export type { RipgrepResult, RipgrepSearchOptions } from './ripgrep-search.js';
export { compileSearchRegex } from './search-regex.js';
