import { toGeminiSchema } from '../schema/gemini-schema.js';
import type { JsonSchema } from '../schema/json-schema.js';
import { toStrictSchema } from '../schema/strict-schema.js';
import type { ResolvedToolAnnotations, ToolAnnotations } from './tool-annotations.js';

/** Formats a tool can be exported in. */
export type ToolFormat = 'openai' | 'responses' | 'anthropic' | 'gemini' | 'mcp';

/** Options of model-facing exports. */
export interface ExportOptions {
  /** OpenAI strict mode: closed objects, all properties required, optional ones nullable. */
  strict?: boolean;
  /** Add an optional `security_risk` field (LOW|MEDIUM|HIGH|UNKNOWN); never for read-only tools. */
  securityRisk?: boolean;
  /** Add an optional `summary` field (a short description of the call, for humans). */
  summary?: boolean;
}

/** Values of the injected `security_risk` field. */
export const SECURITY_RISK_LEVELS = ['LOW', 'MEDIUM', 'HIGH', 'UNKNOWN'] as const;
/** One of {@link SECURITY_RISK_LEVELS}. */
export type SecurityRisk = (typeof SECURITY_RISK_LEVELS)[number];

/** Wire names of the fields export options may inject. */
export const INJECTED_FIELDS = ['security_risk', 'summary'] as const;

const SECURITY_RISK_SCHEMA: JsonSchema = {
  type: 'string',
  description:
    'Your assessment of the risk of this action: LOW (read-only or trivially reversible), MEDIUM (changes that are easy to undo), HIGH (destructive, hard to undo, or affecting systems outside the workspace), UNKNOWN.',
  enum: [...SECURITY_RISK_LEVELS],
};

const SUMMARY_SCHEMA: JsonSchema = {
  type: 'string',
  description: 'A short summary (about 10 words) of what this call does, shown to the user.',
};

/** The view of a tool that exports read. */
export interface ExportableTool {
  readonly name: string;
  readonly description: string;
  readonly title?: string;
  readonly annotations: ResolvedToolAnnotations;
  readonly declaredAnnotations: ToolAnnotations;
  readonly meta: Readonly<Record<string, unknown>>;
  /** The exact input schema (MCP passes it through untouched). */
  inputSchema(): JsonSchema;
  /** The input schema as models should see it (self-contained). */
  modelInputSchema(): JsonSchema;
  /** The result schema, when the Observation declares fields. */
  outputSchema(): JsonSchema | undefined;
}

/** OpenAI Chat Completions tool. */
export interface OpenAITool {
  type: 'function';
  function: { name: string; description: string; parameters: JsonSchema; strict?: boolean };
}
/** OpenAI Responses API tool. */
export interface ResponsesTool {
  type: 'function';
  name: string;
  description: string;
  parameters: JsonSchema;
  strict: boolean;
}
/** Anthropic Messages API tool. */
export interface AnthropicTool {
  name: string;
  description: string;
  input_schema: JsonSchema;
}
/** Gemini function declaration. */
export interface GeminiFunctionDeclaration {
  name: string;
  description: string;
  parameters: JsonSchema;
}
/** MCP `Tool` as listed by `tools/list`. */
export interface McpToolDescriptor {
  name: string;
  title?: string;
  description: string;
  inputSchema: JsonSchema;
  outputSchema?: JsonSchema;
  annotations?: ToolAnnotations;
  _meta?: Record<string, unknown>;
}

/** The model-facing parameters: injected fields first, then strict mode if asked. */
export function modelParameters(tool: ExportableTool, options: ExportOptions): JsonSchema {
  let schema = tool.modelInputSchema();
  const inject: Record<string, JsonSchema> = {};
  const own = schema.properties ?? {};
  if (options.securityRisk && !tool.annotations.readOnlyHint && !('security_risk' in own)) inject.security_risk = SECURITY_RISK_SCHEMA;
  if (options.summary && !('summary' in own)) inject.summary = SUMMARY_SCHEMA;
  if (Object.keys(inject).length > 0) schema = { ...schema, properties: { ...inject, ...own } };
  return options.strict ? toStrictSchema(schema) : schema;
}

/** `{ type: 'function', function: { name, description, parameters } }`. */
export function toOpenAITool(tool: ExportableTool, options: ExportOptions = {}): OpenAITool {
  const fn: OpenAITool['function'] = { name: tool.name, description: tool.description, parameters: modelParameters(tool, options) };
  if (options.strict) fn.strict = true;
  return { type: 'function', function: fn };
}

/** `{ type: 'function', name, description, parameters, strict }`. */
export function toResponsesTool(tool: ExportableTool, options: ExportOptions = {}): ResponsesTool {
  return {
    type: 'function',
    name: tool.name,
    description: tool.description,
    parameters: modelParameters(tool, options),
    strict: options.strict === true,
  };
}

/** `{ name, description, input_schema }`. */
export function toAnthropicTool(tool: ExportableTool, options: ExportOptions = {}): AnthropicTool {
  return { name: tool.name, description: tool.description, input_schema: modelParameters(tool, options) };
}

/** A Gemini function declaration (OpenAPI subset; `strict` does not apply). */
export function toGeminiTool(tool: ExportableTool, options: ExportOptions = {}): GeminiFunctionDeclaration {
  return { name: tool.name, description: tool.description, parameters: toGeminiSchema(modelParameters(tool, { ...options, strict: false })) };
}

/** The MCP descriptor: raw input schema, output schema when declared, annotations, title, `_meta`. */
export function toMcpTool(tool: ExportableTool): McpToolDescriptor {
  const out: McpToolDescriptor = { name: tool.name, description: tool.description, inputSchema: tool.inputSchema() };
  if (tool.title !== undefined) out.title = tool.title;
  const outputSchema = tool.outputSchema();
  if (outputSchema) out.outputSchema = outputSchema;
  const annotations = { ...tool.declaredAnnotations };
  if (tool.title !== undefined && annotations.title === undefined) annotations.title = tool.title;
  if (Object.keys(annotations).length > 0) out.annotations = annotations;
  if (Object.keys(tool.meta).length > 0) out._meta = { ...tool.meta };
  return out;
}
