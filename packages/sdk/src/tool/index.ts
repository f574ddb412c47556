export { Action, renderValue } from './action.js';
export type { ActionClass, SerializedAction } from './action.js';
export { paint, resetPaint } from './colors.js';
export { textContent, textOf } from './content.js';
export type { AudioContent, Content, EmbeddedResourceContent, ImageContent, ResourceLinkContent, TextContent } from './content.js';
export { ERROR_HEADER, Observation } from './observation.js';
export type { FromTextOptions, ObservationClass, SerializedObservation } from './observation.js';
export { INJECTED_FIELDS, SECURITY_RISK_LEVELS } from './provider-export.js';
export type {
  AnthropicTool,
  ExportableTool,
  ExportOptions,
  GeminiFunctionDeclaration,
  McpToolDescriptor,
  OpenAITool,
  ResponsesTool,
  SecurityRisk,
  ToolFormat,
} from './provider-export.js';
export { coerceResult, errorObservation } from './run-call.js';
export { DEFAULT_ANNOTATIONS, resolveAnnotations } from './tool-annotations.js';
export type { ResolvedToolAnnotations, ToolAnnotations } from './tool-annotations.js';
export type { ToolClassMetadata } from './tool-class-metadata.js';
export type { CallOptions, ProgressReport, ToolContext } from './tool-context.js';
export { ToolDefinition } from './tool-definition.js';
export type { ToolDefinitionOptions } from './tool-definition.js';
export type { ToolExecutor } from './tool-executor.js';
export { assertToolName, TOOL_NAME_PATTERN, toolNameFromClass } from './tool-name.js';
