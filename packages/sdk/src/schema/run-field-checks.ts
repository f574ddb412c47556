import type { FieldModel } from './class-model.js';
import { joinPath, preview } from './validation-issue.js';
import type { ValidationIssue } from './validation-issue.js';

/** Runs a field's format checks on its (already schema-valid) value; pushes one issue per failure. */
export type FieldChecker = (value: unknown, path: string, issues: ValidationIssue[]) => void;

/**
 * The checker of a field's class-validator format rules (IsEmail, IsUrl…, with their options), or
 * `undefined` when it has none, so fields without such rules cost nothing. `null` (a nullable
 * field) is not checked.
 */
export function fieldChecker(field: FieldModel): FieldChecker | undefined {
  if (field.checks.length === 0) return undefined;
  const checks = field.checks;
  return (value, path, issues) => {
    if (value === null || value === undefined) return;
    for (const check of checks) {
      if (check.each && Array.isArray(value)) {
        value.forEach((item, i) => {
          if (item !== null && !check.rule.check(item, check.constraints)) issues.push(issueOf(joinPath(path, i), check.expected, item));
        });
      } else if (!check.rule.check(value, check.constraints)) {
        issues.push(issueOf(path, check.expected, value));
      }
    }
  };
}

function issueOf(path: string, expected: string, value: unknown): ValidationIssue {
  const received = preview(value);
  const problem = `expected ${expected}, got ${received}`;
  return { path, expected, received, problem, message: `${path === '' ? '(root)' : path}: ${problem}` };
}
