// The Standard Schema interfaces, copied into the project as the spec asks libraries and consumers
// to do: Standard Schema V1 and Standard JSON Schema V1 of @standard-schema/spec 1.1.0
// (https://standardschema.dev). Zod 4, Valibot and ArkType schemas implement `~standard`.

/** A schema of any library that implements Standard Schema V1: `~standard.validate`. */
export interface StandardSchemaV1<Input = unknown, Output = Input> {
  /** The Standard Schema properties. */
  readonly '~standard': StandardSchemaV1.Props<Input, Output>;
}

/** The parts of {@link StandardSchemaV1}. */
// eslint-disable-next-line @typescript-eslint/no-namespace -- the spec's own shape (StandardSchemaV1.InferOutput), as libraries export it
export declare namespace StandardSchemaV1 {
  /** The Standard Schema properties. */
  export interface Props<Input = unknown, Output = Input> {
    /** The version of the standard: 1. */
    readonly version: 1;
    /** The library's name (`zod`, `valibot`, `arktype`, …). */
    readonly vendor: string;
    /** Validates an unknown value: the library's output, or issues; may be asynchronous. */
    readonly validate: (value: unknown, options?: Options | undefined) => Result<Output> | Promise<Result<Output>>;
    /** The inferred types (for type inference only). */
    readonly types?: Types<Input, Output> | undefined;
  }
  /** Options of `validate`. */
  export interface Options {
    /** Vendor-specific parameters. */
    readonly libraryOptions?: Record<string, unknown> | undefined;
  }
  /** The result of `validate`. */
  export type Result<Output> = SuccessResult<Output> | FailureResult;
  /** A valid value: the library's output (transforms and defaults applied). */
  export interface SuccessResult<Output> {
    /** The typed output value. */
    readonly value: Output;
    /** Absent on success. */
    readonly issues?: undefined;
  }
  /** An invalid value. */
  export interface FailureResult {
    /** What is wrong. */
    readonly issues: ReadonlyArray<Issue>;
  }
  /** One thing wrong with a value. */
  export interface Issue {
    /** The library's message. */
    readonly message: string;
    /** Where, as keys or path segments. */
    readonly path?: ReadonlyArray<PropertyKey | PathSegment> | undefined;
  }
  /** A path segment. */
  export interface PathSegment {
    /** The key of the segment. */
    readonly key: PropertyKey;
  }
  /** The input and output types. */
  export interface Types<Input = unknown, Output = Input> {
    /** What the schema accepts. */
    readonly input: Input;
    /** What `validate` gives back. */
    readonly output: Output;
  }
  /** The input type of a schema. */
  export type InferInput<Schema extends StandardSchemaV1> = NonNullable<Schema['~standard']['types']>['input'];
  /** The output type of a schema. */
  export type InferOutput<Schema extends StandardSchemaV1> = NonNullable<Schema['~standard']['types']>['output'];
}

/** A schema whose library also converts it to JSON Schema (Standard JSON Schema V1: `~standard.jsonSchema`). */
export interface StandardJSONSchemaV1<Input = unknown, Output = Input> {
  /** The Standard JSON Schema properties. */
  readonly '~standard': StandardJSONSchemaV1.Props<Input, Output>;
}

/** The parts of {@link StandardJSONSchemaV1}. */
// eslint-disable-next-line @typescript-eslint/no-namespace -- the spec's own shape, as libraries export it
export declare namespace StandardJSONSchemaV1 {
  /** The Standard JSON Schema properties. */
  export interface Props<Input = unknown, Output = Input> {
    /** The version of the standard: 1. */
    readonly version: 1;
    /** The library's name. */
    readonly vendor: string;
    /** The library's converters. */
    readonly jsonSchema: Converter;
    /** The inferred types (for type inference only). */
    readonly types?: StandardSchemaV1.Types<Input, Output> | undefined;
  }
  /** The converters of the input and the output type; each may throw when a type has no JSON Schema. */
  export interface Converter {
    /** The JSON Schema of what the schema accepts. */
    readonly input: (options: Options) => Record<string, unknown>;
    /** The JSON Schema of what `validate` gives back. */
    readonly output: (options: Options) => Record<string, unknown>;
  }
  /** The JSON Schema version to generate. */
  export type Target = 'draft-2020-12' | 'draft-07' | 'openapi-3.0' | (string & {});
  /** Options of the converters. */
  export interface Options {
    /** The JSON Schema version to generate. */
    readonly target: Target;
    /** Vendor-specific parameters. */
    readonly libraryOptions?: Record<string, unknown> | undefined;
  }
}

/** True when `value` implements Standard Schema V1 (`~standard.validate`). */
export function isStandardSchema(value: unknown): value is StandardSchemaV1 {
  if ((typeof value !== 'object' && typeof value !== 'function') || value === null) return false;
  const props = (value as { '~standard'?: unknown })['~standard'];
  return typeof props === 'object' && props !== null && typeof (props as { validate?: unknown }).validate === 'function';
}
