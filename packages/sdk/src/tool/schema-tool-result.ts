import { ErrorCode } from '../errors/error-code.js';
import { ToolwrightError } from '../errors/toolwright-error.js';
import { formatIssues, typeName } from '../schema/validation-issue.js';
import { isPlainObject as isObject, isPromiseLike } from '../util/guards.js';
import type { Content } from './content.js';
import { Observation } from './observation.js';
import { StructuredObservation } from './structured-observation.js';
import { isAsyncIterable } from './tool-chunk.js';
import type { ToolChunk } from './tool-chunk.js';
import type { ToolSchemaCodec, ToolSchemaResult } from './tool-schema-codec.js';

/**
 * What a schema-first tool's `execute` may return: a text, content blocks, an Observation, an
 * object (the structured result: MCP `structuredContent`, checked against `output` when the tool
 * has one; its JSON is the model's text), or a stream of chunks.
 */
export type SchemaToolResult<Structured = Record<string, unknown>> = string | Content[] | Observation | Structured | AsyncIterable<ToolChunk>;

/** An object literal (or a null-prototype object): the structured results JSON carries, not a Date or a Map. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (!isObject(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

const CONTENT_TYPES: ReadonlySet<unknown> = new Set(['text', 'image', 'audio', 'resource_link', 'resource']);

function isContentList(value: readonly unknown[]): value is Content[] {
  return value.every((block) => isObject(block) && CONTENT_TYPES.has(block.type));
}

function withOutput(tool: string, output: ToolSchemaCodec<unknown>, checked: ToolSchemaResult<unknown>): StructuredObservation {
  if (!checked.ok) {
    throw new ToolwrightError({
      code: ErrorCode.EXECUTION_FAILED,
      message: `its result does not match its output schema (${output.source}):\n${formatIssues(checked.issues)}`,
      details: { tool, issues: checked.issues },
    });
  }
  return StructuredObservation.fromStructured(checked.value as Record<string, unknown>);
}

/**
 * The Observation of what `execute` returned (see {@link SchemaToolResult}); synchronous unless the
 * output schema validates asynchronously. With an `output` schema, a successful result must be an
 * object (or an Observation): anything else, or an object the schema rejects, is the tool's bug
 * (`EXECUTION_FAILED` naming each path), never passed on as if it were valid.
 */
export function observationOfResult(
  tool: string,
  result: unknown,
  output: ToolSchemaCodec<unknown> | undefined,
): Observation | AsyncIterable<ToolChunk> | Promise<Observation> {
  if (result instanceof Observation) return result;
  if (isAsyncIterable(result)) return result as AsyncIterable<ToolChunk>;
  if (output) {
    if (!isPlainObject(result)) {
      const got = Array.isArray(result) ? 'an array' : typeName(result);
      throw new ToolwrightError({
        code: ErrorCode.EXECUTION_FAILED,
        message: `it declares an output schema, so execute must return an object matching it, got ${got}.`,
        details: { tool },
      });
    }
    const checked = output.parse(result);
    return isPromiseLike(checked) ? Promise.resolve(checked).then((c) => withOutput(tool, output, c)) : withOutput(tool, output, checked);
  }
  if (typeof result === 'string') return Observation.fromText(result);
  if (Array.isArray(result) && isContentList(result)) return Observation.of({ content: result });
  if (isPlainObject(result)) return StructuredObservation.fromStructured(result);
  return Observation.fromText(result === undefined ? '' : (JSON.stringify(result) ?? String(result)));
}
