import type { ValidateFunction } from 'ajv';
import type { ValidationError } from 'class-validator';
import { createAjv } from './ajv-loader.js';
import { classModelOf } from './class-model.js';
import { classValidator } from './class-validator-module.js';
import type { ClassModel } from './class-model.js';
import { compileHydrator, compileNullDropper } from './compile-hydrator.js';
import type { Hydrator, NullDropper } from './compile-hydrator.js';
import { compileParser } from './compile-parser.js';
import type { Parser } from './compile-parser.js';
import type { AnyClass } from './metadata-store.js';
import { sharedHydrator, sharedNullDropper } from './shared-hydrator.js';
import { schemaChecker } from './schema-checker.js';
import type { SchemaCheck } from './schema-checker.js';
import { issuesFromAjv, joinPath } from './validation-issue.js';
import type { ValidationIssue } from './validation-issue.js';
import { Heat, HOT_CALLS } from './heat.js';
import { addFormatIssuesBeside } from './format-issues-beside.js';

/** The outcome of {@link Codec.parse}: an instance, or the issues that prevented it. */
export type ParseResult<T> = { ok: true; value: T } | { ok: false; issues: ValidationIssue[] };

/**
 * Turns plain wire data into instances of a declared class and back. Validation is the class's
 * JSON Schema (so the schema the model sees is exactly what is checked): a closure-built checker
 * with ajv's semantics (`schemaChecker`: no ajv load, no compile) until the class is called often
 * (64 calls within 64 ms), then one generated function that checks and builds in one pass
 * (`compileParser`; ajv compiled instead for a schema it does not cover); error reports always come from ajv
 * (joined by the format rules' issues on the fields ajv passed, so one report names every problem),
 * with `format` read as an annotation (JSON Schema 2020-12's default) where a class-validator
 * format rule decides: those fields run class-validator's own function with the decorator's
 * options (`@IsUrl({ protocols })`), and the description says the rule. class-validator's
 * `validate` runs in addition only for classes that use rules neither can express.
 */
export interface Codec<T> {
  /** The class model (fields, schema). */
  readonly model: ClassModel;
  /** Validates `value` and builds an instance. `null` in an optional, non-nullable field counts as absent. */
  parse(value: unknown): ParseResult<T>;
  /** The wire form of an instance (wire names, nested objects plain, absent fields omitted). */
  serialize(instance: T): Record<string, unknown>;
}

let fastAjv: ReturnType<typeof createAjv> | undefined;
let reportingAjv: ReturnType<typeof createAjv> | undefined;

const codecs = new WeakMap<AnyClass, Codec<object>>();

/** The codec of a declared class, cached. Throws `INVALID_DEFINITION` for a bad declaration. */
export function codecOf<T extends object>(cls: AnyClass<T>): Codec<T> {
  let codec = codecs.get(cls);
  if (!codec) {
    codec = new ClassCodec(classModelOf(cls));
    codecs.set(cls, codec);
  }
  return codec as Codec<T>;
}

/**
 * @internal A new, uncached codec of `cls` that counts `interpretedCalls` calls (instead of
 * {@link HOT_CALLS}) to tell whether the class is hot. `Infinity`: always the closure
 * path; 0: the one-pass parser (else ajv and the compiled hydrator) from the first call. Tests
 * hold each path to the same verdicts and instances with it.
 */
export function uncachedCodec<T extends object>(cls: AnyClass<T>, interpretedCalls: number): Codec<T> {
  return new ClassCodec<T>(classModelOf(cls), interpretedCalls);
}

/**
 * @internal The one-pass parser of `cls` (see {@link compileParser}), or undefined when its schema
 * needs ajv. Hot classes use it; tests hold it to ajv's verdicts on its own (a rejection there
 * would otherwise be hidden by the exact path the codec falls back to).
 */
export function parserOfClass(cls: AnyClass): Parser | undefined {
  return parserOf(classModelOf(cls));
}

class ClassCodec<T extends object> implements Codec<T> {
  /** The one-pass parser once the class is hot (its rejections go to the closure checker for the verdict and to ajv for the issues). */
  private parser: Parser | undefined;
  private check: ValidateFunction | undefined;
  private interpreted: SchemaCheck | null | undefined;
  private readonly heat: Heat;
  private report: ValidateFunction | undefined;

  private dropNulls: NullDropper;
  private hydrate: Hydrator;

  constructor(
    readonly model: ClassModel,
    interpretedLimit = HOT_CALLS,
  ) {
    this.heat = new Heat(interpretedLimit);
    // The class's own first-call path, built for this codec (codecs are cached per class) and not
    // entered in the per-model caches, which serve the nested classes: two WeakMap entries less
    // per declared class (issue 24 counts memory per Action class); a class that is also nested
    // elsewhere gets a second closure there.
    this.dropNulls = sharedNullDropper(model, sharedDropperOf);
    this.hydrate = sharedHydrator(model, sharedHydratorOf, runClassValidator);
  }

  parse(value: unknown): ParseResult<T> {
    const parser = this.parser;
    if (parser !== undefined) {
      const instance = parser(value);
      if (instance !== undefined) return { ok: true, value: instance as T };
      return this.checked(value, this.interpreted!);
    }
    return this.checked(value, this.check ?? this.checker());
  }

  /** Checks `value` with `check` (after reading `null` as absent where it means that) and builds the instance with the hydrator. */
  private checked(value: unknown, check: SchemaCheck): ParseResult<T> {
    const input = this.dropNulls(value);
    if (!check(input)) return { ok: false, issues: this.explain(input) };
    const issues: ValidationIssue[] = [];
    const instance = this.hydrate(input as Record<string, unknown>, '', issues) as T;
    return issues.length > 0 ? { ok: false, issues } : { ok: true, value: instance };
  }

  serialize(instance: T): Record<string, unknown> {
    return dehydrate(this.model, instance as Record<string, unknown>);
  }

  /**
   * The check for this call. Until a class is hot ({@link HOT_CALLS}): the closure-built
   * {@link schemaChecker} with the shared hydrator (no ajv load, no code generation: a rarely
   * called tool never pays for either, and with many tools called in turn one shared,
   * optimized path serves them all). Then the class's one-pass parser (fastest for a tool called
   * often: one walk of the data instead of ajv's and the hydrator's), with the closure checker
   * deciding what the parser rejects; for a schema the parser does not cover, ajv's compiled
   * validator and a hydrator compiled for the class. A schema the checker does not cover goes to ajv at once.
   */
  private checker(): SchemaCheck {
    if (this.interpreted === undefined) this.interpreted = schemaChecker(this.model.validationSchema) ?? null;
    if (this.interpreted && !this.heat.tick()) return this.interpreted;
    if (this.interpreted) {
      this.parser = parserOf(this.model);
      if (this.parser) return this.interpreted;
    }
    this.interpreted = null;
    this.dropNulls = dropperOf(this.model);
    this.hydrate = hydratorOf(this.model);
    return (this.check = (fastAjv ??= createAjv()).compile(this.model.validationSchema));
  }

  /** Every issue of a rejected value: ajv's, then the format rules' on the fields ajv found nothing wrong with. */
  private explain(input: unknown): ValidationIssue[] {
    this.report ??= (reportingAjv ??= createAjv({ allErrors: true, verbose: true })).compile(this.model.validationSchema);
    this.report(input);
    const issues = issuesFromAjv(this.report.errors);
    addFormatIssuesBeside(this.model, input, issues);
    return issues;
  }
}

const parsers = new WeakMap<ClassModel, Parser | null>();
const hydrators = new WeakMap<ClassModel, Hydrator>();
const droppers = new WeakMap<ClassModel, NullDropper>();
const sharedHydrators = new WeakMap<ClassModel, Hydrator>();
const sharedDroppers = new WeakMap<ClassModel, NullDropper>();

function parserOf(model: ClassModel): Parser | undefined {
  let parser = parsers.get(model);
  if (parser === undefined) {
    // Models are never recursive (classModelOf rejects that), so nested compilation terminates.
    parser = compileParser(model, parserOf, runClassValidator) ?? null;
    parsers.set(model, parser);
  }
  return parser ?? undefined;
}

function hydratorOf(model: ClassModel): Hydrator {
  let fn = hydrators.get(model);
  if (!fn) {
    // Models are never recursive (classModelOf rejects that), so nested compilation terminates.
    fn = compileHydrator(model, hydratorOf, runClassValidator);
    hydrators.set(model, fn);
  }
  return fn;
}

function dropperOf(model: ClassModel): NullDropper {
  let fn = droppers.get(model);
  if (!fn) {
    fn = compileNullDropper(model, dropperOf);
    droppers.set(model, fn);
  }
  return fn;
}

function sharedHydratorOf(model: ClassModel): Hydrator {
  let fn = sharedHydrators.get(model);
  if (!fn) {
    fn = sharedHydrator(model, sharedHydratorOf, runClassValidator);
    sharedHydrators.set(model, fn);
  }
  return fn;
}

function sharedDropperOf(model: ClassModel): NullDropper {
  let fn = sharedDroppers.get(model);
  if (!fn) {
    fn = sharedNullDropper(model, sharedDropperOf);
    sharedDroppers.set(model, fn);
  }
  return fn;
}

function runClassValidator(model: ClassModel, instance: object, path: string, issues: ValidationIssue[]): void {
  // Nested classes are checked by their own hydrator; only this class's own rules here.
  const errors = classValidator().validateSync(instance, { forbidUnknownValues: false, skipMissingProperties: false });
  for (const error of errors) collectClassValidatorErrors(model, error, path, issues);
}

function collectClassValidatorErrors(model: ClassModel, error: ValidationError, path: string, issues: ValidationIssue[]): void {
  const field = model.fields.find((f) => f.tsName === error.property);
  if (field?.nested) return;
  const at = joinPath(path, field?.wireName ?? error.property);
  for (const message of Object.values(error.constraints ?? {})) {
    const text = message.replace(error.property, field?.wireName ?? error.property);
    issues.push({ path: at, expected: text, received: 'a value that fails this rule', problem: text, message: `${at}: ${text}` });
  }
}

function dehydrate(model: ClassModel, instance: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of model.fields) {
    const value = instance[field.tsName];
    if (value === undefined) continue;
    if (field.nested && value !== null) {
      out[field.wireName] = field.isArray
        ? (value as unknown[]).map((v) => (v === null ? null : dehydrate(field.nested!, v as Record<string, unknown>)))
        : dehydrate(field.nested, value as Record<string, unknown>);
    } else {
      out[field.wireName] = value;
    }
  }
  return out;
}
