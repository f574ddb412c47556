/**
 * `@toolwright/models`: the model side of Toolwright. Converters between each model API's tool calls
 * and Toolwright's ToolCall/Observation (OpenAI Chat Completions, OpenAI Responses, Anthropic
 * Messages, Gemini generateContent), streaming assembly, plain-fetch adapters and the `runTools` loop.
 */
export { anthropicMessages } from './anthropic.js';
export { anthropicClientModel, geminiClientModel, openAIClientModel, openAIResponsesClientModel } from './client-models.js';
export type { AnthropicClientLike, ClientMethod, ClientModelOptions, GoogleGenAILike, OpenAIClientLike } from './client-models.js';
export type { Dialect, StreamAssembler } from './dialect.js';
export { geminiGenerateContent } from './gemini.js';
export { httpModel } from './http-model.js';
export type { HttpModelSpec } from './http-model.js';
export { anthropicModel, geminiModel, openAIChatModel, openAICompatibleModel, openAIResponsesModel } from './http-models.js';
export type { HttpModelOptions } from './http-models.js';
export { modelApis } from './model-api.js';
export type { ModelApi } from './model-api.js';
export type { ModelAdapter, ModelRequest } from './model-adapter.js';
export type { ModelToolCall, ModelTurn } from './model-turn.js';
export { openAIChat } from './openai-chat.js';
export { openAIResponses } from './openai-responses.js';
export { settleCalls } from './raw-call.js';
export type { RawCall, SettleOptions } from './raw-call.js';
export { RUN_STATE_TYPE, RunState } from './run-state.js';
export type { SerializedRunState, StepCall } from './run-state.js';
export { runTools } from './run-tools.js';
export type { RunResult, RunStatus, RunToolsOptions, StepEvent } from './run-tools.js';
export { sseEvents } from './sse-events.js';
export type { ToolResult } from './tool-result.js';
export { addUsage, emptyUsage } from './usage.js';
export type { Usage } from './usage.js';
export { diffCalls, schemaDifferences } from './record/diff-replay.js';
export { dialectFor } from './record/dialect-for.js';
export { expectReplay } from './record/expect-replay.js';
export type { ExpectReplayOptions } from './record/expect-replay.js';
export { formatReplayReport } from './record/format-replay-report.js';
export { recordedCalls, recordedToolHashes } from './record/recorded-calls.js';
export type { RecordedAnswer, RecordedCall } from './record/recorded-calls.js';
export { recordingModel } from './record/recording-model.js';
export type { ReplayDifference, ReplayDifferenceKind, ReplayReport } from './record/replay-difference.js';
export { describeModelFailure, firstModelRequest, recordedModelOutcomes, recordedTurns, replayModel } from './record/replay-model.js';
export type { RecordedModelOutcome, ReplayedModelFailure, ReplayModel, ReplayModelOptions } from './record/replay-model.js';
export { replaySession } from './record/replay-session.js';
export type { ReplaySessionOptions } from './record/replay-session.js';
export { REPLAY_METADATA, recordedApprovals, recordedObservations, replayRecordedTools } from './record/replay-tools.js';
export type { ToolReplay } from './record/replay-tools.js';
