import { ErrorCode } from '../errors/error-code.js';
import { ToolwrightError } from '../errors/toolwright-error.js';
import type { PermissionRule, RuleBehavior, RuleSource } from './permission-rule.js';

const RULE_TEXT = /^([a-zA-Z0-9_-]{1,64})(?:\((.*)\))?$/s;

/** Why `text` is not a rule, or undefined when it is one. */
export function ruleSyntaxProblem(text: unknown): string | undefined {
  if (typeof text !== 'string') return 'expected a rule string like Tool or Tool(content)';
  if ([...text].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f)) return `control characters are not allowed in a rule, got ${JSON.stringify(text)}`;
  const match = RULE_TEXT.exec(text.trim());
  if (!match) return `expected a rule like Tool or Tool(content) (e.g. file_editor(src/**), terminal(git commit:*)), got '${text}'`;
  if (match[2] !== undefined && match[2].trim() === '') return `the content in parentheses is empty in '${text}'; write just '${match[1]}' for every call of the tool`;
  return undefined;
}

/**
 * Reads a rule written as `Tool` (every call of the tool) or `Tool(content)` (the calls the
 * tool's `matchRule` says `content` covers): `terminal(git commit:*)`, `file_editor(src/**)`.
 * Everything between the first `(` and the final `)` is the content, parentheses included.
 * Throws `INVALID_SPEC` naming what is wrong.
 */
export function parseRule(text: string, behavior: RuleBehavior, source?: RuleSource): PermissionRule {
  const problem = ruleSyntaxProblem(text);
  if (problem) throw new ToolwrightError({ code: ErrorCode.INVALID_SPEC, message: `Invalid ${behavior} rule: ${problem}.`, details: { rule: text, behavior } });
  const [, tool, content] = RULE_TEXT.exec(text.trim())!;
  const rule: PermissionRule = { tool: tool!, behavior };
  if (content !== undefined) rule.content = content.trim();
  if (source !== undefined) rule.source = source;
  return rule;
}

/** The rule's text, as {@link parseRule} reads it: `Tool` or `Tool(content)`. */
export function formatRule(rule: Pick<PermissionRule, 'tool' | 'content'>): string {
  return rule.content === undefined ? rule.tool : `${rule.tool}(${rule.content})`;
}
