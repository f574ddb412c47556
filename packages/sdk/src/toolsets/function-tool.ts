import { ErrorCode } from '../errors/error-code.js';
import { ToolwrightError } from '../errors/toolwright-error.js';
import type { Action, ActionClass } from '../tool/action.js';
import { Observation } from '../tool/observation.js';
import type { ToolAnnotations } from '../tool/tool-annotations.js';
import type { ToolContext } from '../tool/tool-context.js';
import { ToolDefinition } from '../tool/tool-definition.js';
import { toolNameFromClass } from '../tool/tool-name.js';

/** What a function tool may return: an Observation, a string (its text), or any JSON value (its JSON text). */
export type FunctionToolResult = Observation | string | number | boolean | null | object;

/** Options of {@link functionTool}. */
export interface FunctionToolOptions<A extends Action> {
  /** The Action class: its declaration is the schema and the validator. */
  action: ActionClass<A>;
  /** Tool name (default: from the function's name, else the Action class's). */
  name?: string;
  /** What the tool does, for the model. Required. */
  description?: string;
  /** True: the tool only reads (`readOnlyHint`; allowed without asking, runs beside other readers). Default false: permission asks. */
  readOnly?: boolean;
  /** True: calls may run at the same time as any other call (declares no shared resource). Default false: a writer runs alone. */
  concurrencySafe?: boolean;
  /** More MCP annotations. */
  annotations?: ToolAnnotations;
}

/** The Observation of a function's result. */
export function observationOf(result: unknown): Observation {
  if (result instanceof Observation) return result;
  if (typeof result === 'string') return Observation.fromText(result);
  return Observation.fromText(result === undefined ? '' : (JSON.stringify(result) ?? String(result)));
}

/**
 * A tool from a function of a validated Action: same schema, validation and errors as every
 * tool; a thrown error becomes an error Observation. Not read-only unless `readOnly` (so, under a
 * policy, its calls ask).
 */
export function functionTool<A extends Action>(fn: (action: A, ctx: ToolContext) => FunctionToolResult | Promise<FunctionToolResult>, options: FunctionToolOptions<A>): ToolDefinition<A> {
  if (typeof fn !== 'function') throw new ToolwrightError({ code: ErrorCode.INVALID_DEFINITION, message: 'functionTool needs a function (action, ctx) => result.' });
  const name = options.name ?? (fn.name ? toolNameFromClass(fn.name) : undefined);
  return new ToolDefinition<A>({
    name,
    description: options.description,
    actionType: options.action,
    annotations: { ...options.annotations, readOnlyHint: options.readOnly === true, ...(options.readOnly ? {} : { destructiveHint: options.annotations?.destructiveHint ?? false }) },
    ...(options.concurrencySafe ? { resources: () => [] } : {}),
    executor: { execute: async (action, ctx) => observationOf(await fn(action, ctx)) },
  });
}
