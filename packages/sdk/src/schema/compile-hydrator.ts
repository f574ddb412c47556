import type { ClassModel } from './class-model.js';
import type { ValidationIssue } from './validation-issue.js';
import { fieldChecker } from './run-field-checks.js';
import { joinPath } from './validation-issue.js';

/** Builds an instance of a model's class from validated wire data. */
export type Hydrator = (data: Record<string, unknown>, path: string, issues: ValidationIssue[]) => object;

/** Replaces `null` in optional non-nullable fields by absence (returns `value` itself when nothing changes). */
export type NullDropper = (value: unknown) => unknown;

/** Runs class-validator on an instance (only for models that need it). */
export type ClassValidatorRunner = (model: ClassModel, instance: object, path: string, issues: ValidationIssue[]) => void;

const key = (name: string): string => JSON.stringify(name);

/** A declared default as a field's value: objects and arrays copied, so instances never share one. */
export function cloneDefault<V>(value: V): V {
  return typeof value === 'object' && value !== null ? structuredClone(value) : value;
}

/** The null dropper of a model with nothing to drop. */
export const keepValue: NullDropper = (value) => value;

/** True when the model or a nested one runs class-validator or format checks (so paths must be tracked). */
export function tracksPaths(model: ClassModel, seen = new Set<ClassModel>()): boolean {
  if (model.needsClassValidator || model.hasChecks) return true;
  seen.add(model);
  return model.fields.some((f) => f.nested && !seen.has(f.nested) && tracksPaths(f.nested, seen));
}

/**
 * Compiles a hydrator for `model`: straight-line code with constant property names, faster than a
 * generic loop over field names (measurement: packages/bench/README.md).
 */
export function compileHydrator(model: ClassModel, hydratorOf: (m: ClassModel) => Hydrator, runClassValidator: ClassValidatorRunner): Hydrator {
  const withPaths = tracksPaths(model);
  const nested = model.fields.map((f) => (f.nested ? hydratorOf(f.nested) : undefined));
  const defaults = model.fields.map((f) => f.defaultValue);
  const checkers = model.fields.map(fieldChecker);
  const lines = ['const o = new Cls();', 'let v;'];
  model.fields.forEach((f, i) => {
    const target = `o[${key(f.tsName)}]`;
    const at = withPaths ? `joinPath(path, ${key(f.wireName)})` : "''";
    let value = 'v';
    if (f.nested && f.isArray) {
      value = `v === null ? null : v.map((item, j) => item === null ? null : nested[${i}](item, ${withPaths ? `joinPath(${at}, j)` : "''"}, issues))`;
    } else if (f.nested) {
      value = `v === null ? null : nested[${i}](v, ${at}, issues)`;
    }
    lines.push(`v = data[${key(f.wireName)}];`);
    lines.push(f.hasDefault ? `if (v === undefined) ${target} = cloneDefault(defaults[${i}]); else ${target} = ${value};` : `if (v !== undefined) ${target} = ${value};`);
    if (checkers[i]) lines.push(`checkers[${i}](v, ${at}, issues);`);
  });
  if (model.needsClassValidator) lines.push('runClassValidator(model, o, path, issues);');
  lines.push('return o;');
  const factory = new Function(
    'Cls', 'nested', 'defaults', 'cloneDefault', 'joinPath', 'runClassValidator', 'model', 'checkers',
    `return function hydrate(data, path, issues) {\n${lines.join('\n')}\n};`,
  ) as (...args: unknown[]) => Hydrator;
  return factory(model.cls, nested, defaults, cloneDefault, joinPath, runClassValidator, model, checkers);
}

/** Compiles the null-dropping pre-pass for `model` (the identity when the model has nothing to drop). */
export function compileNullDropper(model: ClassModel, dropperOf: (m: ClassModel) => NullDropper): NullDropper {
  const nestedFields = model.fields.filter((f) => f.nested);
  if (model.nullMeansAbsent.length === 0 && nestedFields.length === 0) return keepValue;
  const nested = model.fields.map((f) => (f.nested ? dropperOf(f.nested) : undefined));
  const lines = ["if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;", 'let out = value;', 'let c, m;'];
  for (const name of model.nullMeansAbsent) {
    lines.push(`if (out[${key(name)}] === null) { if (out === value) out = { ...out }; delete out[${key(name)}]; }`);
  }
  model.fields.forEach((f, i) => {
    if (!f.nested) return;
    lines.push(`c = out[${key(f.wireName)}];`);
    lines.push(
      f.isArray
        ? `if (Array.isArray(c)) { m = c; for (let j = 0; j < c.length; j++) { const d = nested[${i}](c[j]); if (d !== c[j]) { if (m === c) m = [...c]; m[j] = d; } } } else m = c;`
        : `m = nested[${i}](c);`,
    );
    lines.push(`if (m !== c) { if (out === value) out = { ...out }; out[${key(f.wireName)}] = m; }`);
  });
  lines.push('return out;');
  const factory = new Function('nested', `return function dropNulls(value) {\n${lines.join('\n')}\n};`) as (n: unknown) => NullDropper;
  return factory(nested);
}
