/**
 * `@toolwright/models/ai-sdk`: Toolwright tools inside the AI SDK (`toAiSdkTools`, policy asks as
 * the AI SDK's tool approvals) and AI SDK tools as Toolwright tools (`fromAiSdkTool`). Needs the
 * optional peer dependency `ai` (6.x).
 */
export { aiSdkModelOutput, approvedInMessages, toAiSdkTools } from './to-ai-sdk-tools.js';
export type { AiSdkToolsOptions } from './to-ai-sdk-tools.js';
export { fromAiSdkTool, fromAiSdkTools } from './from-ai-sdk-tool.js';
export type { FrameworkToolOutput } from '../frameworks/framework-tool-output.js';
export type { ImportedToolOptions } from '../frameworks/imported-tool-options.js';
