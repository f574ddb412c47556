import type { ClassModel } from './class-model.js';
import type { ClassValidatorRunner, Hydrator, NullDropper } from './compile-hydrator.js';
import { cloneDefault, keepValue, tracksPaths } from './compile-hydrator.js';
import { fieldChecker } from './run-field-checks.js';
import { joinPath } from './validation-issue.js';

/** How a field's value becomes the property's: as it is, through a nested hydrator, or element-wise. */
const enum ValueKind {
  Plain,
  Nested,
  NestedArray,
}

/**
 * The hydrator of `model` as data for one shared function: {@link compileHydrator}'s result
 * (same instance, same issues, same order of effects) without generating code. A class's first
 * calls use it: nothing is compiled for a rarely called class, and the one function serves every
 * class, so V8 optimizes it when many tools are called in turn (a compiled hydrator per class
 * stays in the interpreter then, about 2 µs per call against 0.3 µs for this one).
 */
export function sharedHydrator(model: ClassModel, hydratorOf: (m: ClassModel) => Hydrator, runClassValidator: ClassValidatorRunner): Hydrator {
  const Cls = model.cls as unknown as new () => Record<string, unknown>;
  const withPaths = tracksPaths(model);
  const fields = model.fields;
  const count = fields.length;
  const wire = fields.map((f) => f.wireName);
  const ts = fields.map((f) => f.tsName);
  const kind = fields.map((f) => (!f.nested ? ValueKind.Plain : f.isArray ? ValueKind.NestedArray : ValueKind.Nested));
  const nested = fields.map((f) => (f.nested ? hydratorOf(f.nested) : undefined));
  const hasDefault = fields.map((f) => f.hasDefault);
  const defaults = fields.map((f) => f.defaultValue);
  const checkers = fields.map(fieldChecker);
  const needsClassValidator = model.needsClassValidator;
  return (data, path, issues) => {
    const o = new Cls();
    for (let i = 0; i < count; i++) {
      const v = data[wire[i]!];
      const at = withPaths ? joinPath(path, wire[i]!) : '';
      if (v === undefined) {
        if (hasDefault[i]) o[ts[i]!] = cloneDefault(defaults[i]);
      } else if (kind[i] === ValueKind.Plain || v === null) {
        o[ts[i]!] = v;
      } else if (kind[i] === ValueKind.Nested) {
        o[ts[i]!] = nested[i]!(v as Record<string, unknown>, at, issues);
      } else {
        const hydrate = nested[i]!;
        o[ts[i]!] = (v as unknown[]).map((item, j) => (item === null ? null : hydrate(item as Record<string, unknown>, withPaths ? joinPath(at, j) : '', issues)));
      }
      const check = checkers[i];
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
  const wire = nestedFields.map((f) => f.wireName);
  const isArray = nestedFields.map((f) => f.isArray);
  const drop = nestedFields.map((f) => dropperOf(f.nested!));
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
    for (let i = 0; i < wire.length; i++) {
      const c = out[wire[i]!];
      let m = c;
      if (!isArray[i]) {
        m = drop[i]!(c);
      } else if (Array.isArray(c)) {
        let copy = c;
        for (let j = 0; j < c.length; j++) {
          const d = drop[i]!(c[j]);
          if (d !== c[j]) {
            if (copy === c) copy = [...c];
            copy[j] = d;
          }
        }
        m = copy;
      }
      if (m !== c) {
        if (out === source) out = { ...out };
        out[wire[i]!] = m;
      }
    }
    return out;
  };
}
