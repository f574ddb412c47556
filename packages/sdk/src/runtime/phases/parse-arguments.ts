import { ErrorCode } from '../../errors/error-code.js';
import { typeName } from '../../schema/validation-issue.js';
import { expectedArguments } from '../expected-arguments.js';
import { jsonErrorOffset } from './json-error-offset.js';
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
  const raw = ctx.rawArguments;
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
  // Arguments almost always start with '{': no trimmed copy to tell them from blank ones.
  if (raw.charCodeAt(0) !== 123 && raw.trim() === '') {
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

/** V8's wording for problems that name JSON syntax only (never a piece of the input). */
const STRUCTURAL_PROBLEM =
  /^(Expected [^"]*?|Bad control character in string literal|Unterminated string|Unexpected non-whitespace character after JSON|No number after minus sign|Exponent part is missing a number|Bad escaped character|Unexpected number|Bad Unicode escape|Unterminated fractional number|Unexpected end of JSON input)(?=$| in JSON| at position)(?: in JSON)?(?: at position (\d+))?/;

/** JSON's own punctuation: quoting it shows no value. */
const PUNCTUATION = new Set(['{', '}', '[', ']', ':', ',', '"']);

/**
 * The parse problem and where it is, never a piece of the input: a model needs the place to fix
 * its JSON, and error texts end up in logs, so values (possibly secrets) are not quoted. V8's
 * wording is kept only when it names JSON syntax alone; an unexpected character is named only
 * when it is JSON punctuation. `Expected ',' or '}' after property value at position 27 (line 1,
 * column 28)`, `Unexpected character at position 6 (line 1, column 7)`.
 */
export function describeJsonError(error: unknown, text: string): string {
  const message = error instanceof Error ? error.message : '';
  const known = STRUCTURAL_PROBLEM.exec(message);
  const scanned = jsonErrorOffset(text);
  let problem: string;
  let offset: number;
  if (known) {
    problem = known[1]!;
    offset = known[2] !== undefined ? Number(known[2]) : scanned;
  } else {
    offset = scanned;
    const char = offset >= 0 ? text[offset] : undefined;
    problem = char === undefined ? 'Unexpected end of JSON input' : PUNCTUATION.has(char) ? `Unexpected token '${char}'` : 'Unexpected character';
  }
  if (offset < 0 || offset > text.length) return problem;
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  const column = offset - before.lastIndexOf('\n');
  return `${problem} at position ${offset} (line ${line}, column ${column})`;
}
