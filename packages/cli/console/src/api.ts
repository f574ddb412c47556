import type { ApiError, ConsoleIssue } from '../../src/console/console-api.js';

/** The page's CSRF token (from its `<meta>` tag), sent with every write. */
function csrfToken(): string {
  return document.querySelector<HTMLMetaElement>('meta[name="toolwright-csrf"]')?.content ?? '';
}

/** An API answer that was not 2xx: its message, HTTP status and issues (when the server gave any). */
export class ApiFailure extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly issues: ConsoleIssue[] = [],
  ) {
    super(message);
  }
}

async function parse<T>(response: Response): Promise<T> {
  const text = await response.text();
  let body: unknown;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    throw new ApiFailure(`HTTP ${response.status}: ${text.slice(0, 300)}`, response.status);
  }
  if (!response.ok) {
    const error = body as Partial<ApiError> | undefined;
    throw new ApiFailure(error?.error ?? `HTTP ${response.status}`, response.status, error?.issues ?? []);
  }
  return body as T;
}

/** GET `/console/api/<path>`. */
export async function getJson<T>(path: string): Promise<T> {
  return parse<T>(await fetch(`/console/api/${path}`, { credentials: 'same-origin', headers: { accept: 'application/json' } }));
}

/** POST `/console/api/<path>` with a JSON body and the CSRF token. */
export async function postJson<T>(path: string, body: unknown): Promise<T> {
  return parse<T>(
    await fetch(`/console/api/${path}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json', 'x-toolwright-csrf': csrfToken() },
      body: JSON.stringify(body),
    }),
  );
}
