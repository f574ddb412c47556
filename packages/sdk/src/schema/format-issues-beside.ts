import type { ClassModel } from './class-model.js';
import { fieldChecker } from './run-field-checks.js';
import { joinPath } from './validation-issue.js';
import type { ValidationIssue } from './validation-issue.js';

/**
 * Adds to `issues` (the schema check's, for a value it rejected) what the format rules (IsEmail,
 * IsUrl…) say about the fields the schema check found nothing wrong with, at any depth, so one
 * answer names every problem: a model that sent `kind: 'c'` and `email: 'nope'` learns about both
 * at once instead of in two round trips. A field with an issue at or below it is left out (its
 * value is not what its format rules expect to read); a nested object's other fields are still checked. Runs only after a rejection: the valid path
 * never pays for it.
 */
export function addFormatIssuesBeside(model: ClassModel, value: unknown, issues: ValidationIssue[]): void {
  if (!model.hasChecks) return;
  const flagged = issues.map((issue) => issue.path);
  visit(model, value, '', flagged, issues);
}

function visit(model: ClassModel, value: unknown, path: string, flagged: readonly string[], issues: ValidationIssue[]): void {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return;
  const data = value as Record<string, unknown>;
  for (const field of model.fields) {
    const v = Object.hasOwn(data, field.wireName) ? data[field.wireName] : undefined;
    if (v === undefined || v === null) continue;
    const at = joinPath(path, field.wireName);
    if (flagged.includes(at)) continue;
    if (field.checks.length > 0 && !isFlaggedInside(at, flagged)) fieldChecker(field)!(v, at, issues);
    // A nested object's own fields are judged one by one: an issue in one does not hide another's.
    const nested = field.nested;
    if (!nested?.hasChecks) continue;
    if (!field.isArray) visit(nested, v, at, flagged, issues);
    else if (Array.isArray(v)) v.forEach((item, i) => visit(nested, item, joinPath(at, i), flagged, issues));
  }
}

/** True when an issue was found inside `path` (an array's item, say): the array's format rules then leave it alone. */
function isFlaggedInside(path: string, flagged: readonly string[]): boolean {
  for (const p of flagged) {
    if (p.length > path.length && p.startsWith(path) && (p[path.length] === '.' || p[path.length] === '[')) return true;
  }
  return false;
}
