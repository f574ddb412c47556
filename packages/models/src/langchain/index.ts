/**
 * `@toolwright/models/langchain`: Toolwright tools as LangChain structured tools
 * (`toLangChainTools`) and LangChain tools as Toolwright tools (`fromLangChainTool`). Needs the
 * optional peer dependency `@langchain/core`.
 */
export { langChainContent, toLangChainTools } from './to-langchain-tools.js';
export type { LangChainToolsOptions } from './to-langchain-tools.js';
export { fromLangChainTool } from './from-langchain-tool.js';
export type { FrameworkToolOutput } from '../frameworks/framework-tool-output.js';
export type { ImportedToolOptions } from '../frameworks/imported-tool-options.js';
