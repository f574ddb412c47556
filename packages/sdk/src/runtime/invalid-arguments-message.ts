import { ToolwrightError } from '../errors/toolwright-error.js';
import { typeName } from '../schema/validation-issue.js';
import type { ValidationIssue } from '../schema/validation-issue.js';
import type { ToolDefinition } from '../tool/tool-definition.js';
import { expectedArguments } from './expected-arguments.js';

const MAX_ISSUES = 20;
const MAX_LINE = 400;
const MISSING = 'nothing (required field missing)';
const PATH_SEGMENT = /^(?:\.?([A-Za-z_$][\w$]*)|\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\])/;

/** True when a `received` text shows the value itself (a quoted string, a number, a boolean). */
function showsValue(received: string): boolean {
  return received.startsWith('"') || /^-?\d[\d.eE+-]*$/.test(received) || received === 'true' || received === 'false';
}

/** The value at an issue path (`a.b[2]["x y"]`), or undefined when the path does not lead anywhere. */
export function valueAtPath(root: unknown, path: string): unknown {
  let value = root;
  let rest = path;
  while (rest !== '') {
    const match = PATH_SEGMENT.exec(rest);
    if (!match || typeof value !== 'object' || value === null) return undefined;
    const key = match[1] ?? match[2] ?? (JSON.parse(match[3]!) as string);
    value = (value as Record<string, unknown>)[key];
    rest = rest.slice(match[0].length);
  }
  return value;
}

/** One issue for the model: the path and what is expected there, never the value sent. */
export function describeIssue(issue: ValidationIssue, args: unknown): string {
  const where = issue.path === '' ? '(root)' : issue.path;
  if (issue.received === MISSING) return `${where}: required field missing; expected ${issue.expected}`;
  if (!showsValue(issue.received)) return `${where}: ${issue.problem ?? `expected ${issue.expected}, got ${issue.received}`}`;
  const value = valueAtPath(args, issue.path);
  const got = value === undefined ? 'a value' : `a ${typeName(value)}`;
  return `${where}: expected ${issue.expected}, got ${got} that does not match`;
}

function safeDescribe(issue: ValidationIssue, args: unknown): string {
  try {
    return describeIssue(issue, args);
  } catch {
    return 'an argument does not match the schema';
  }
}

function clip(line: string): string {
  return line.length > MAX_LINE ? `${line.slice(0, MAX_LINE)}…` : line;
}

function issuesOf(error: unknown): ValidationIssue[] | undefined {
  if (!ToolwrightError.isInstance(error)) return undefined;
  const issues = error.details.issues;
  return Array.isArray(issues) && issues.length > 0 ? (issues as ValidationIssue[]) : undefined;
}

/**
 * The model-facing text for arguments a tool rejected: each offending path and what is expected
 * there, argument names only (values are never echoed: they may be long or secret).
 */
export function invalidArgumentsMessage(tool: ToolDefinition, error: unknown, args: unknown): string {
  const issues = issuesOf(error);
  if (!issues) {
    const why = error instanceof Error ? error.message : 'the arguments were rejected';
    return `Invalid arguments for tool '${tool.name}': ${why}. ${expectedArguments(tool)}`;
  }
  const lines = issues.slice(0, MAX_ISSUES).map((issue) => `- ${clip(safeDescribe(issue, args))}`);
  if (issues.length > MAX_ISSUES) lines.push(`- … and ${issues.length - MAX_ISSUES} more`);
  const fix = issues.length === 1 ? 'Fix this argument' : 'Fix these arguments';
  return `Invalid arguments for tool '${tool.name}':\n${lines.join('\n')}\n${fix} and call '${tool.name}' again.`;
}
