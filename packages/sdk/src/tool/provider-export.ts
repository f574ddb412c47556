import { ErrorCode } from '../errors/error-code.js';
import { ToolwrightError } from '../errors/toolwright-error.js';
import { builtModelOf } from '../schema/class-model.js';
import { deepFreeze } from '../schema/deep-freeze.js';
import { toGeminiSchema } from '../schema/gemini-schema.js';
import type { JsonSchema } from '../schema/json-schema.js';
import { mcpJsonSchemaOf } from '../schema/mcp-json-schema-of.js';
import type { AnyClass } from '../schema/metadata-store.js';
import type { SchemaProblem } from '../schema/schema-problem.js';
import { toStrictSchema } from '../schema/strict-schema.js';
import type { ResolvedToolAnnotations, ToolAnnotations } from './tool-annotations.js';

/** Formats a tool can be exported in. */
export type ToolFormat = 'openai' | 'responses' | 'anthropic' | 'gemini' | 'mcp';

/** Options of model-facing exports. */
export interface ExportOptions {
  /**
   * OpenAI strict mode (Structured Outputs): closed objects, all properties required, optional
   * ones nullable, only the keywords strict mode supports. `true` throws `INVALID_DEFINITION`
   * (naming the tool and each JSON path) for a schema that cannot be made strict; `'auto'` exports
   * such a tool without strict mode (its `strict` flag says so) and reports an {@link ExportWarning}.
   */
  strict?: boolean | 'auto';
  /** Add an optional `security_risk` field (LOW|MEDIUM|HIGH|UNKNOWN); never for read-only tools. */
  securityRisk?: boolean;
  /** Add an optional `summary` field (a short description of the call, for humans). */
  summary?: boolean;
  /**
   * Told what an export had to give up: a tool that fell back from `strict: 'auto'`, values Gemini
   * cannot describe. Each warning reaches a given callback once per tool, format and options
   * (exports are cached; a later call with a new callback is told again).
   */
  onWarning?: (warning: ExportWarning) => void;
}

/** What an export could not express, and what it did instead. */
export interface ExportWarning {
  /** The tool's name. */
  readonly tool: string;
  /** The export format. */
  readonly format: ToolFormat;
  /** One line: what happened to the tool. */
  readonly message: string;
  /** Each place in the schema, with what could not be expressed there. */
  readonly problems: readonly SchemaProblem[];
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
  /** The declared Action class (native tools): its MCP view is advertised when `inputSchema()` is its schema. */
  readonly actionType?: AnyClass;
  /** The declared Observation class (native tools). */
  readonly observationType?: AnyClass;
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
/** Gemini function declaration (`parameters` is left out for a tool without arguments). */
export interface GeminiFunctionDeclaration {
  name: string;
  description: string;
  parameters?: JsonSchema;
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

/** The model-facing parameters (before any provider transform): injected fields first. */
export function modelParameters(tool: ExportableTool, options: ExportOptions): JsonSchema {
  const schema = tool.modelInputSchema();
  const inject: Record<string, JsonSchema> = {};
  const own = schema.properties ?? {};
  if (options.securityRisk && !tool.annotations.readOnlyHint && !('security_risk' in own)) inject.security_risk = SECURITY_RISK_SCHEMA;
  if (options.summary && !('summary' in own)) inject.summary = SUMMARY_SCHEMA;
  return Object.keys(inject).length > 0 ? { ...schema, properties: { ...inject, ...own } } : schema;
}

function formatProblems(problems: readonly SchemaProblem[]): string {
  return problems.map((p) => `- ${p.path}: ${p.message}`).join('\n');
}

/**
 * The OpenAI parameters for `options.strict`: the strict form when it follows every strict-mode
 * rule; else (with `'auto'`) the plain schema and a warning, or (with `true`) an error.
 */
export function openAIParameters(
  tool: ExportableTool,
  format: 'openai' | 'responses',
  options: ExportOptions,
  warnings: ExportWarning[] = [],
): { parameters: JsonSchema; strict: boolean } {
  const plain = modelParameters(tool, options);
  if (!options.strict) return { parameters: plain, strict: false };
  const problems: SchemaProblem[] = [];
  const strict = toStrictSchema(plain, problems);
  if (problems.length === 0) return { parameters: strict, strict: true };
  if (options.strict === true) {
    throw new ToolwrightError({
      code: ErrorCode.INVALID_DEFINITION,
      message: `Tool '${tool.name}' cannot be exported in OpenAI strict mode:\n${formatProblems(problems)}\nUse strict: 'auto' to export it without strict mode, or change its schema.`,
      details: { tool: tool.name, format, problems },
    });
  }
  warnings.push({ tool: tool.name, format, message: `Tool '${tool.name}' is exported without OpenAI strict mode: its schema cannot be made strict.`, problems });
  return { parameters: plain, strict: false };
}

/** `{ type: 'function', function: { name, description, parameters, strict? } }`. */
export function toOpenAITool(tool: ExportableTool, options: ExportOptions = {}, warnings: ExportWarning[] = []): OpenAITool {
  const { parameters, strict } = openAIParameters(tool, 'openai', options, warnings);
  const fn: OpenAITool['function'] = { name: tool.name, description: tool.description, parameters };
  if (options.strict) fn.strict = strict;
  return { type: 'function', function: fn };
}

/** `{ type: 'function', name, description, parameters, strict }`. */
export function toResponsesTool(tool: ExportableTool, options: ExportOptions = {}, warnings: ExportWarning[] = []): ResponsesTool {
  const { parameters, strict } = openAIParameters(tool, 'responses', options, warnings);
  return { type: 'function', name: tool.name, description: tool.description, parameters, strict };
}

/** `{ name, description, input_schema }` (`strict` does not apply). */
export function toAnthropicTool(tool: ExportableTool, options: ExportOptions = {}): AnthropicTool {
  return { name: tool.name, description: tool.description, input_schema: modelParameters(tool, options) };
}

/**
 * A Gemini function declaration in its OpenAPI-subset schema (`strict` does not apply);
 * `parameters` is left out for a tool without arguments. What Gemini cannot describe is left out
 * and reported as a warning.
 *
 * `undefined` when a Gemini model could not call the tool at all: a value every valid call must
 * carry (a required argument, or a required field of one) cannot be described in Gemini's schema
 * subset (an untyped or free-form object, a record, a recursive reference), so every call would
 * be refused by the validator. The tool is then not exported for Gemini, and the warning says so
 * and names each such JSON path; lists of exports (`Agent.toolSchemas('gemini')`, the CLI's
 * `schema --format gemini`) leave the tool out.
 */
export function toGeminiTool(tool: ExportableTool, options: ExportOptions = {}, warnings: ExportWarning[] = []): GeminiFunctionDeclaration | undefined {
  const problems: SchemaProblem[] = [];
  const undescribed: string[] = [];
  const parameters = toGeminiSchema(modelParameters(tool, options), problems, undescribed);
  if (undescribed.length > 0) {
    warnings.push({
      tool: tool.name,
      format: 'gemini',
      message: `Tool '${tool.name}' is not exported for Gemini: every call needs ${undescribed.join(', ')}, which Gemini's schema cannot describe, so a Gemini model could not call it.`,
      problems,
    });
    return undefined;
  }
  if (problems.length > 0) {
    warnings.push({ tool: tool.name, format: 'gemini', message: `Tool '${tool.name}': parts of its schema cannot be described for Gemini and are left out.`, problems });
  }
  const out: GeminiFunctionDeclaration = { name: tool.name, description: tool.description };
  if (parameters) out.parameters = parameters;
  return out;
}

/** A schema that may be given to callers: frozen ones as they are, others as frozen copies. */
function shareable(schema: JsonSchema): JsonSchema {
  return Object.isFrozen(schema) ? schema : deepFreeze(structuredClone(schema));
}

/**
 * The schema MCP advertises: a declared class's 2020-12 view (`$schema`, `$defs` for nested
 * classes) when `schema` is that class's schema, else `schema` itself (an MCP server's, as listed).
 */
function mcpView(schema: JsonSchema, cls: AnyClass | undefined): JsonSchema {
  if (cls !== undefined && builtModelOf(cls)?.schema === schema) return mcpJsonSchemaOf(cls);
  return shareable(schema);
}

/**
 * The MCP descriptor: the input schema (a native tool's JSON Schema 2020-12 view with `$defs`;
 * an MCP tool's raw schema), the output schema when declared, annotations, title, `_meta`.
 */
export function toMcpTool(tool: ExportableTool): McpToolDescriptor {
  const out: McpToolDescriptor = { name: tool.name, description: tool.description, inputSchema: mcpView(tool.inputSchema(), tool.actionType) };
  if (tool.title !== undefined) out.title = tool.title;
  const outputSchema = tool.outputSchema();
  if (outputSchema) out.outputSchema = mcpView(outputSchema, tool.observationType);
  const annotations = { ...tool.declaredAnnotations };
  if (tool.title !== undefined && annotations.title === undefined) annotations.title = tool.title;
  if (Object.keys(annotations).length > 0) out.annotations = annotations;
  if (Object.keys(tool.meta).length > 0) out._meta = structuredClone({ ...tool.meta });
  return out;
}
