import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';

/** The requests in flight under each long-lived signal, aborted together when it aborts. */
const inFlight = new WeakMap<AbortSignal, Set<AbortController>>();

/** A controller for one request that aborts when `outer` does; `outer` gets one listener, however many requests follow it. */
function follow(outer: AbortSignal): { controller: AbortController; release: () => void } {
  let requests = inFlight.get(outer);
  if (!requests) {
    const created = new Set<AbortController>();
    requests = created;
    inFlight.set(outer, created);
    outer.addEventListener(
      'abort',
      () => {
        for (const request of created) request.abort(outer.reason);
        created.clear();
      },
      { once: true },
    );
  }
  const controller = new AbortController();
  const set = requests;
  set.add(controller);
  return { controller, release: () => set.delete(controller) };
}

/** `body` read through, calling `release` once when it ends, fails or is cancelled. */
function releasingBody(body: ReadableStream<Uint8Array>, release: () => void): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        let chunk: Awaited<ReturnType<typeof reader.read>>;
        try {
          chunk = await reader.read();
        } catch (error) {
          release();
          controller.error(error);
          return;
        }
        if (chunk.done) {
          release();
          controller.close();
        } else {
          controller.enqueue(chunk.value);
        }
      },
      cancel(reason) {
        release();
        return reader.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
}

/** The response with its body replaced by `body`, keeping what the MCP SDK reads of a redirect (`url`, `redirected`, `type`). */
function withBody(response: Response, body: ReadableStream<Uint8Array>): Response {
  const copy = new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  Object.defineProperties(copy, {
    url: { value: response.url },
    redirected: { value: response.redirected },
    type: { value: response.type },
  });
  return copy;
}

/**
 * A fetch for the MCP SDK's HTTP client transports that hands each request a signal of its own.
 * The transports pass one long-lived signal (their `AbortController`, aborted on close) to every
 * request; Node's fetch adds an abort listener to the signal it is given and removes it only when
 * the request object is garbage-collected, so a busy client's signal collects thousands of
 * listeners (`MaxListenersExceededWarning` after ~1,500 requests). Here the long-lived signal gets
 * one listener, which aborts the requests in flight; each request's own controller is dropped when
 * its response body ends, fails or is cancelled (or the request fails), so nothing accumulates.
 */
export function fetchWithRequestSignals(base: FetchLike = (url, init) => fetch(url, init)): FetchLike {
  return async (url, init) => {
    const outer = init?.signal;
    if (!outer || outer.aborted) return base(url, init);
    const { controller, release } = follow(outer);
    let response: Response;
    try {
      response = await base(url, { ...init, signal: controller.signal });
    } catch (error) {
      release();
      throw error;
    }
    if (!response.body) {
      release();
      return response;
    }
    return withBody(response, releasingBody(response.body, release));
  };
}
