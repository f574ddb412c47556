/**
 * `@toolwright/models/openai-agents`: Toolwright tools inside the OpenAI Agents SDK
 * (`toOpenAIAgentsTools`, policy asks as the framework's interruptions). Needs the optional peer
 * dependency `@openai/agents`.
 */
export { openAIAgentsOutput, toOpenAIAgentsTools } from './to-openai-agents-tools.js';
export type { OpenAIAgentsToolsOptions } from './to-openai-agents-tools.js';
export type { FrameworkToolOutput } from '../frameworks/framework-tool-output.js';
