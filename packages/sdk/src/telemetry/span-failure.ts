import { processSecrets } from '../secrets/process-secrets.js';

/** What a failed span records: `error.type` and the status description (secrets masked). */
export interface SpanFailure {
  /** `error.type`: a Toolwright error code, an Observation's `errorCode`, or the error's class name. */
  readonly type: string;
  /** The status description. */
  readonly message: string;
}

/** The failure of a thrown value, for a span. */
export function spanFailureOf(error: unknown): SpanFailure {
  if (typeof error === 'object' && error !== null) {
    const { code, name, message } = error as { code?: unknown; name?: unknown; message?: unknown };
    const type = typeof code === 'string' && code !== '' ? code : typeof name === 'string' && name !== '' ? name : 'Error';
    return { type, message: processSecrets.mask(typeof message === 'string' ? message : String(error)) };
  }
  return { type: '_OTHER', message: processSecrets.mask(String(error)) };
}
