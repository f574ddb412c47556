import type { ClassModel } from './class-model.js';
import type { ClassValidatorRunner, Hydrator, NullDropper } from './compile-hydrator.js';
import { cloneDefault, keepValue, tracksPaths } from './compile-hydrator.js';
import { fieldChecker } from './run-field-checks.js';
import { joinPath } from './validation-issue.js';

/**
 * The hydrator of `model` as data for one shared function: {@link compileHydrator}'s result
 * (same instance, same issues, same order of effects) without generating code. A class's first
 * calls use it: nothing is compiled for a rarely called class, and the one function serves every
 * class, so it is optimized when many tools are called in turn, while a compiled hydrator per
 * class may never be (measurement: packages/bench/README.md). It reads the class model's fields
 * themselves (one shape for all fields), so a class costs one closure, not a set of parallel
 * arrays (issue 15 counts memory per class).
 */
export function sharedHydrator(model: ClassModel, hydratorOf: (m: ClassModel) => Hydrator, runClassValidator: ClassValidatorRunner): Hydrator {
  const Cls = model.cls as unknown as new () => Record<string, unknown>;
  const withPaths = tracksPaths(model);
  const fields = model.fields;
  const nested = fields.some((f) => f.nested) ? fields.map((f) => (f.nested ? hydratorOf(f.nested) : undefined)) : undefined;
  const checkers = fields.some((f) => f.checks.length > 0) ? fields.map(fieldChecker) : undefined;
  const needsClassValidator = model.needsClassValidator;
  return (data, path, issues) => {
    const o = new Cls();
    for (let i = 0; i < fields.length; i++) {
      const field = fields[i]!;
      const wire = field.wireName;
      const v = data[wire];
      const at = withPaths ? joinPath(path, wire) : '';
      if (v === undefined) {
        if (field.hasDefault) o[field.tsName] = cloneDefault(field.defaultValue);
      } else if (field.nested === undefined || v === null) {
        o[field.tsName] = v;
      } else if (!field.isArray) {
        o[field.tsName] = nested![i]!(v as Record<string, unknown>, at, issues);
      } else {
        const hydrate = nested![i]!;
        o[field.tsName] = (v as unknown[]).map((item, j) => (item === null ? null : hydrate(item as Record<string, unknown>, withPaths ? joinPath(at, j) : '', issues)));
      }
      const check = checkers?.[i];
      if (check) check(v, at, issues);
    }
    if (needsClassValidator) runClassValidator(model, o, path, issues);
    return o;
  };
}

/** {@link compileNullDropper}'s result as data for one shared function (see {@link sharedHydrator}). */
export function sharedNullDropper(model: ClassModel, dropperOf: (m: ClassModel) => NullDropper): NullDropper {
  const nestedFields = model.fields.filter((f) => f.nested);
  if (model.nullMeansAbsent.length === 0 && nestedFields.length === 0) return keepValue;
  const absent = model.nullMeansAbsent;
  // Nothing kept for classes without nested fields (most): no empty arrays per class.
  const nested = nestedFields.length > 0 ? nestedFields : undefined;
  const drop = nested?.map((f) => dropperOf(f.nested!));
  return (value) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
    const source = value as Record<string, unknown>;
    let out = source;
    for (const name of absent) {
      if (out[name] === null) {
        if (out === source) out = { ...out };
        delete out[name];
      }
    }
    if (!nested) return out;
    for (let i = 0; i < nested.length; i++) {
      const wire = nested[i]!.wireName;
      const c = out[wire];
      let m = c;
      if (!nested[i]!.isArray) {
        m = drop![i]!(c);
      } else if (Array.isArray(c)) {
        let copy = c;
        for (let j = 0; j < c.length; j++) {
          const d = drop![i]!(c[j]);
          if (d !== c[j]) {
            if (copy === c) copy = [...c];
            copy[j] = d;
          }
        }
        m = copy;
      }
      if (m !== c) {
        if (out === source) out = { ...out };
        out[wire] = m;
      }
    }
    return out;
  };
}
