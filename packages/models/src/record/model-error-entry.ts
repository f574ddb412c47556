import type { ModelErrorEntry } from '@toolwright/sdk';

/** Longest error message a record keeps (an HTTP error's body can be long). */
const MAX_MESSAGE = 2000;

const cut = (text: string): string => (text.length > MAX_MESSAGE ? `${text.slice(0, MAX_MESSAGE - 1)}…` : text);

function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
}

/** The HTTP status an error carries: a ToolwrightError's `details.status`, `status` (OpenAI's clients), `statusCode` (the AI SDK's). */
function statusOf(error: unknown): number | undefined {
  for (const status of [field(field(error, 'details'), 'status'), field(error, 'status'), field(error, 'statusCode')]) {
    if (typeof status === 'number' && Number.isInteger(status)) return status;
  }
  return undefined;
}

/** The error's code, else its cause's (fetch's `TypeError: fetch failed` carries the socket's code on its cause). */
function codeOf(error: unknown): string | undefined {
  for (const code of [field(error, 'code'), field(field(error, 'cause'), 'code')]) {
    if (typeof code === 'string' && code !== '') return code;
  }
  return undefined;
}

/** An Error, also one from another realm (fetch's errors in a vm context fail `instanceof Error`). */
function errorLike(value: unknown): value is { name: string; message: string; cause?: unknown } {
  return value instanceof Error || (typeof value === 'object' && value !== null && typeof field(value, 'name') === 'string' && typeof field(value, 'message') === 'string');
}

/**
 * The `model-error` entry of a model request that rejected with `error` (anything may be thrown:
 * a non-Error is named by its type and written as text). Strings are masked by the recorder.
 */
export function modelErrorEntry(step: number, error: unknown, ms: number, aborted: boolean): ModelErrorEntry {
  const isError = errorLike(error);
  const cause = isError ? error.cause : undefined;
  const code = codeOf(error);
  const status = statusOf(error);
  return {
    type: 'model-error',
    step,
    name: isError ? error.name : typeof error,
    message: cut(isError ? error.message : String(error)),
    ...(code === undefined ? {} : { code }),
    ...(status === undefined ? {} : { status }),
    ...(errorLike(cause) && cause.message !== '' ? { cause: cut(cause.message) } : {}),
    ...(aborted ? { aborted: true } : {}),
    ms,
  };
}
