import { ErrorCode, ToolwrightError } from '@toolwright/sdk';

/** One HTTP request to a provider's API. */
export interface ApiRequest {
  /** The service's name for messages (`Brave Search`). */
  service: string;
  url: URL;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** A JSON body (POST). */
  json?: unknown;
  timeoutMs: number;
  signal?: AbortSignal;
  /** Largest body read, bytes (default 2 MiB). */
  maxBytes?: number;
}

/** What came back. */
export interface ApiResponse {
  status: number;
  contentType: string;
  text: string;
}

/**
 * Sends the request with a time limit and reads at most `maxBytes` of the answer. Network
 * failures and timeouts throw `ToolwrightError`s (`MCP_CONNECTION` is not used: `EXECUTION_FAILED`
 * with `details.unreachable`, or `TIMEOUT`); any HTTP status is returned for the caller to judge.
 * The request's headers (API keys) never appear in a message.
 */
export async function fetchApi(request: ApiRequest): Promise<ApiResponse> {
  const timeout = AbortSignal.timeout(request.timeoutMs);
  const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
  const headers: Record<string, string> = { Accept: 'application/json', ...request.headers };
  if (request.json !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(request.url, { method: request.method ?? 'GET', headers, body: request.json === undefined ? undefined : JSON.stringify(request.json), signal, redirect: 'error' });
  } catch (error) {
    throw failure(request, error, timeout);
  }
  try {
    return { status: response.status, contentType: response.headers.get('content-type') ?? '', text: await readCapped(response, request.maxBytes ?? 2 * 1024 * 1024) };
  } catch (error) {
    throw failure(request, error, timeout);
  }
}

function failure(request: ApiRequest, error: unknown, timeout: AbortSignal): ToolwrightError {
  const where = `${request.url.origin}${request.url.pathname}`;
  if (timeout.aborted) {
    return new ToolwrightError({ code: ErrorCode.TIMEOUT, message: `${request.service} did not answer within ${request.timeoutMs / 1000} s (${where}).`, details: { service: request.service } });
  }
  if (request.signal?.aborted) return new ToolwrightError({ code: ErrorCode.ABORTED, message: `The ${request.service} request was cancelled.` });
  // Duck-typed: undici's errors may come from another realm.
  const outer = error as { message?: unknown; cause?: { message?: unknown } } | undefined;
  const cause = String(outer?.cause?.message ?? outer?.message ?? error);
  return new ToolwrightError({
    code: ErrorCode.EXECUTION_FAILED,
    message: `${request.service} could not be reached (${where}): ${cause}.`,
    details: { service: request.service, unreachable: true },
    cause: error,
  });
}

async function readCapped(response: Response, maxBytes: number): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > maxBytes) {
      await reader.cancel();
      throw new Error(`the answer is larger than ${maxBytes} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
