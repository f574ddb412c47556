import { ErrorCode, ToolwrightError } from '@toolwright/sdk';

/** The HTTP header that carries per-request provider settings and credentials (lower-case, as Node gives it). */
export const PROVIDER_DATA_HEADER = 'x-toolwright-provider-data';

// Under Node's 16 KiB limit on all headers together, so that an oversized value gets this clear error, not a bare 431.
const MAX_HEADER_CHARS = 8 * 1024;
const MAX_KEYS = 64;

/**
 * The provider data of a request, from the `X-Toolwright-Provider-Data` header: a JSON object of
 * settings (`{"brave_api_key": "…"}`), values strings, numbers or booleans. Absent: `{}`. A bad
 * header throws `INVALID_ARGUMENTS` with a message that never repeats the header's value (it holds
 * secrets and messages get logged).
 */
export function parseProviderData(header: string | readonly string[] | undefined): Readonly<Record<string, unknown>> {
  if (header === undefined) return {};
  const fail = (problem: string): never => {
    throw new ToolwrightError({ code: ErrorCode.INVALID_ARGUMENTS, message: `The X-Toolwright-Provider-Data header is invalid: ${problem}.` });
  };
  if (typeof header !== 'string') return fail('it was sent more than once');
  if (header.length > MAX_HEADER_CHARS) return fail(`it is longer than ${MAX_HEADER_CHARS} characters`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(header);
  } catch {
    return fail('it is not JSON; expected an object such as {"brave_api_key": "…"}');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return fail('expected a JSON object such as {"brave_api_key": "…"}');
  const entries = Object.entries(parsed as Record<string, unknown>);
  if (entries.length > MAX_KEYS) return fail(`it has more than ${MAX_KEYS} settings`);
  const out: Record<string, unknown> = {};
  for (const [index, [key, value]] of entries.entries()) {
    // The name is not repeated either: a key pasted in the wrong place must not reach a log.
    if (!/^[A-Za-z0-9_.-]{1,100}$/.test(key)) return fail(`setting names are 1 to 100 letters, digits or '_ . -', and setting ${index + 1}'s is not`);
    if (!['string', 'number', 'boolean'].includes(typeof value)) return fail(`setting '${key}' must be a string, number or boolean`);
    out[key] = value;
  }
  return redactedProviderData(out);
}

const REDACTED = '[provider data: redacted]';
const INSPECT = Symbol.for('nodejs.util.inspect.custom');

/**
 * Marks provider data as secret where it could leak by accident: `JSON.stringify` and
 * `util.inspect` / `console.log` show `[provider data: redacted]` instead of the values (the
 * markers are non-enumerable, so reading keys and spreading are unchanged; a spread copy is not
 * marked, so mark merged copies again). Returns `data`, frozen.
 */
export function redactedProviderData<T extends Record<string, unknown>>(data: T): Readonly<T> {
  if (Object.isFrozen(data)) return data;
  Object.defineProperty(data, 'toJSON', { value: () => REDACTED, enumerable: false });
  Object.defineProperty(data, INSPECT, { value: () => REDACTED, enumerable: false });
  return Object.freeze(data);
}
