/**
 * `@toolwright/models`: the model side of Toolwright. Converters between each model API's tool calls
 * and Toolwright's ToolCall/Observation, streaming assembly, and the `runTools` loop.
 */
export type { ModelApi } from './model-api.js';
export { modelApis } from './model-api.js';
