import type { ConstraintRecord } from './class-metadata.js';

/**
 * class-validator rules recorded as data first and registered with class-validator when it is
 * first needed. class-validator's decorator modules load the `validator` library and their
 * registration machinery (about 30 files); a process that lists tools or checks arguments
 * against their JSON Schemas only needs what the rules say, which is data (the schema layer reads
 * nothing else). So a decorator may record a rule here, with the
 * function that registers the very same rule with class-validator: the schema layer reads the
 * record, and every recorded registration is run, in the order the rules were declared, before
 * class-validator is first used (`validateSync` or one of its format functions).
 */

/** What a deferred rule says: the fields of class-validator's own record that the schema layer reads. */
export type DeferredRuleRecord = Omit<ConstraintRecord, 'propertyName'>;

interface DeferredRule {
  readonly register: () => void;
}

/** Deferred records by class (constructor), each list in declaration order; undefined once registered. */
let byClass: Map<unknown, ConstraintRecord[]> | undefined = new Map();
let waiting: DeferredRule[] = [];

/**
 * Records `rule` for `target[propertyName]` (`target` is the prototype a property decorator gets)
 * and defers `register`, which must record the same rule with class-validator (its own decorator
 * applied to `target, propertyName`). After class-validator was first used, `register` runs at once.
 */
export function deferClassValidatorRule(target: object, propertyName: string, rule: DeferredRuleRecord, register: () => void): void {
  if (byClass === undefined) {
    register();
    return;
  }
  const ctor = (target as { constructor: unknown }).constructor;
  const records = byClass.get(ctor);
  const record: ConstraintRecord = { ...rule, propertyName };
  if (records) records.push(record);
  else byClass.set(ctor, [record]);
  waiting.push({ register });
}

/** The deferred rules of `ctor` (own, not inherited) that class-validator does not hold yet. */
export function deferredRulesOf(ctor: unknown): readonly ConstraintRecord[] | undefined {
  return byClass?.get(ctor);
}

/**
 * Registers every deferred rule with class-validator, in declaration order (the SDK calls this
 * before it first uses class-validator); later deferrals register at once. Idempotent.
 */
export function registerDeferredRules(): void {
  if (byClass === undefined) return;
  const rules = waiting;
  byClass = undefined;
  waiting = [];
  for (const rule of rules) rule.register();
}
