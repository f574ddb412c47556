import { ErrorCode } from '../../errors/error-code.js';
import { typeName } from '../../schema/validation-issue.js';
import { expectedArguments } from '../expected-arguments.js';
import type { ToolDefinition } from '../../tool/tool-definition.js';
import type { CallContext } from '../call-context.js';
import { isPlainObject as isObject } from '../../util/guards.js';


/**
 * Step 2: turns the call's `arguments` into an object. Accepts a JSON string holding an object
 * (what models send), the object itself, and nothing at all (`undefined`, `null`, `''` → `{}`,
 * as models send for tools without fields). A JSON string that holds a JSON-encoded object (a
 * common model slip) is decoded once more. Anything else sets the `INVALID_JSON` error outcome.
 */
export function parseArguments(ctx: CallContext, tool: ToolDefinition): void {
  const raw = ctx.call.arguments;
  if (raw === undefined || raw === null) {
    ctx.arguments = {};
    return;
  }
  if (isObject(raw)) {
    ctx.arguments = raw;
    return;
  }
  if (typeof raw !== 'string') {
    ctx.failWith(
      ErrorCode.INVALID_JSON,
      `The arguments of tool '${tool.name}' must be a JSON object (or a string holding one), got ${typeName(raw)}. ${expectedArguments(tool)}`,
    );
    return;
  }
  if (raw.trim() === '') {
    ctx.arguments = {};
    return;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
    if (typeof parsed === 'string' && /^\s*\{/.test(parsed)) parsed = JSON.parse(parsed);
  } catch (error) {
    ctx.failWith(
      ErrorCode.INVALID_JSON,
      `The arguments of tool '${tool.name}' are not valid JSON: ${describeJsonError(error, raw)}. Send the arguments as one JSON object. ${expectedArguments(tool)}`,
    );
    return;
  }
  if (!isObject(parsed)) {
    ctx.failWith(
      ErrorCode.INVALID_JSON,
      `The arguments of tool '${tool.name}' must be a JSON object, got ${typeName(parsed)}. ${expectedArguments(tool)}`,
    );
    return;
  }
  ctx.arguments = parsed;
}

/**
 * The parse problem without the input's text (engines quote a piece of it): `Unexpected token
 * '}' (line 1, column 9)`, `Expected ',' or '}' after property value at position 6 (line 1, column 7)`.
 */
export function describeJsonError(error: unknown, text: string): string {
  const message = error instanceof Error ? error.message : 'unparsable';
  let problem = message
    .replace(/, ".*" is not valid JSON$/s, '')
    .replace(/ in JSON(?= at position)/, '')
    .slice(0, 200);
  const position = /at position (\d+)/.exec(problem);
  if (position) {
    const offset = Number(position[1]);
    const before = text.slice(0, offset);
    const line = before.split('\n').length;
    const column = offset - before.lastIndexOf('\n');
    problem = `${problem} (line ${line}, column ${column})`;
  }
  return problem;
}
