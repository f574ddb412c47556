import type { ErrorCode } from './error-code.js';

const BRAND = Symbol.for('toolwright.error');

/** Constructor options of {@link ToolwrightError}. */
export interface ToolwrightErrorOptions {
  /** The stable code. */
  code: ErrorCode;
  /** The full human- and model-readable message. */
  message: string;
  /** Structured facts behind the message (tool name, paths, limits…). */
  details?: Record<string, unknown>;
  /** The underlying error, if any. */
  cause?: unknown;
}

/**
 * The one error class of Toolwright. Its `code` is stable; its message is built from structured
 * fields by the thrower. Use {@link ToolwrightError.isInstance} rather than `instanceof`: it holds
 * across two copies of the package.
 */
export class ToolwrightError extends Error {
  /** The stable error code. */
  readonly code: ErrorCode;
  /** Structured facts behind the message. */
  readonly details: Record<string, unknown>;

  constructor(options: ToolwrightErrorOptions) {
    super(options.message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ToolwrightError';
    this.code = options.code;
    this.details = options.details ?? {};
    Object.defineProperty(this, BRAND, { value: true });
  }

  /** True for any ToolwrightError, from this or another copy of the package. */
  static isInstance(value: unknown): value is ToolwrightError {
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[BRAND] === true;
  }

  /** True when `value` is a ToolwrightError with the given code. */
  static hasCode(value: unknown, code: ErrorCode): value is ToolwrightError {
    return ToolwrightError.isInstance(value) && value.code === code;
  }
}
