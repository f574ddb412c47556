import type { Ajv, ValidateFunction } from 'ajv';
import { createAjv } from '../schema/ajv-loader.js';
import type { JsonSchemaDialect } from '../schema/ajv-loader.js';
import type { JsonSchema } from '../schema/json-schema.js';
import { compileSchemaCheck } from '../schema/compile-schema-check.js';
import { Heat } from '../schema/heat.js';
import { schemaChecker } from '../schema/schema-checker.js';
import { issuesFromAjv } from '../schema/validation-issue.js';
import type { ValidationIssue } from '../schema/validation-issue.js';

/** A compiled check: the issues with a value, or an empty array when it is valid. */
export type SchemaCheck = (value: unknown) => ValidationIssue[];

/** What every valid value gets: one shared, frozen empty list (no allocation per call). */
const NO_ISSUES = Object.freeze([]) as unknown as ValidationIssue[];

/** Accepts everything: for schemas no dialect could compile (the server still validates). */
const ACCEPT_ALL: SchemaCheck = () => NO_ISSUES;

/**
 * The JSON Schema dialect of a schema: its `$schema`, else 2020-12 (MCP's default dialect).
 * Drafts 04 to 07 are checked by ajv's draft-07 engine.
 */
export function dialectOf(schema: JsonSchema): JsonSchemaDialect {
  const declared = typeof schema.$schema === 'string' ? schema.$schema : '';
  if (declared.includes('2019-09')) return '2019-09';
  if (/draft-0[4-7]/.test(declared)) return 'draft-07';
  return '2020-12';
}

/**
 * Builds schema checks on first use and caches them by schema (equal schemas share one). A
 * schema the closure-built `schemaChecker` covers (most tool schemas) is checked by it: no ajv
 * load, no compile, so a process's first MCP call costs about what the raw SDK client's does.
 * ajv (one per dialect, created lazily) compiles the schema only when that check rejects a value,
 * and its verdict and issues are the answer, so ajv decides every rejection; schemas the checker
 * does not cover go to ajv at once. A schema its dialect cannot compile is retried as draft-07
 * and, failing that, accepts everything, so a server with an odd schema stays usable (it
 * validates on its side).
 */
export class SchemaValidatorCache {
  private readonly ajvs = new Map<JsonSchemaDialect, Ajv>();
  private readonly checks = new Map<string, SchemaCheck>();

  /** The check for `schema`, compiling it if no equal schema was compiled before. */
  get(schema: JsonSchema): SchemaCheck {
    const key = JSON.stringify(schema);
    let check = this.checks.get(key);
    if (!check) {
      check = this.compile(schema);
      this.checks.set(key, check);
    }
    return check;
  }

  /**
   * Why no dialect can compile `schema` (ajv's message), or undefined when one can. For schemas a
   * user declares (a schema-first tool), where accepting everything would hide a configuration
   * mistake: MCP servers' schemas keep the lenient {@link get}. Loads ajv and compiles once.
   */
  compileProblem(schema: JsonSchema): string | undefined {
    const dialect = dialectOf(schema);
    let problem = 'the schema does not compile';
    for (const attempt of dialect === 'draft-07' ? (['draft-07'] as const) : ([dialect, 'draft-07'] as const)) {
      try {
        this.ajv(attempt).compile(schema);
        return undefined;
      } catch (error) {
        if (attempt === dialect) problem = error instanceof Error ? error.message : String(error);
      }
    }
    return problem;
  }

  /** How many distinct schemas were compiled. */
  get size(): number {
    return this.checks.size;
  }

  private compile(schema: JsonSchema): SchemaCheck {
    const quick = schemaChecker(schema);
    if (!quick) return this.compileWithAjv(schema);
    let full: SchemaCheck | undefined;
    const heat = new Heat();
    // The closure checker until the schema is hot (the codec's rule, see Heat); then the generated
    // check (or the closure checker for good, when the schema cannot be generated).
    let verdict = (value: unknown): boolean => {
      if (heat.tick()) verdict = compileSchemaCheck(schema) ?? quick;
      return quick(value);
    };
    return (value) => (verdict(value) ? NO_ISSUES : (full ??= this.compileWithAjv(schema))(value));
  }

  private compileWithAjv(schema: JsonSchema): SchemaCheck {
    const dialect = dialectOf(schema);
    for (const attempt of dialect === 'draft-07' ? (['draft-07'] as const) : ([dialect, 'draft-07'] as const)) {
      let validate: ValidateFunction;
      try {
        validate = this.ajv(attempt).compile(schema);
      } catch {
        continue;
      }
      return (value) => (validate(value) ? NO_ISSUES : issuesFromAjv(validate.errors));
    }
    return ACCEPT_ALL;
  }

  private ajv(dialect: JsonSchemaDialect): Ajv {
    let ajv = this.ajvs.get(dialect);
    if (!ajv) {
      ajv = createAjv({ allErrors: true, verbose: true, addUsedSchema: false }, dialect);
      this.ajvs.set(dialect, ajv);
    }
    return ajv;
  }
}
