import { describe, expect, it } from '@jest/globals';
import { getEventListeners } from 'node:events';
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import { fetchWithRequestSignals } from '../../src/mcp/request-signal-fetch.js';

/** A base fetch answering from memory that keeps the signal each request was given. */
function recordingFetch(answer: () => Response): { fetch: FetchLike; signals: (AbortSignal | null | undefined)[] } {
  const signals: (AbortSignal | null | undefined)[] = [];
  const fetch: FetchLike = (_url, init) => {
    signals.push(init?.signal);
    return Promise.resolve(answer());
  };
  return { fetch, signals };
}

/** A body that sends one chunk and then stays open until cancelled. */
function openStream(): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode('event: message\n\n'));
    },
  });
}

describe('fetchWithRequestSignals', () => {
  it('gives each request a signal of its own and puts one listener on the shared signal', async () => {
    const base = recordingFetch(() => new Response('{}', { headers: { 'content-type': 'application/json' } }));
    const fetch = fetchWithRequestSignals(base.fetch);
    const shared = new AbortController().signal;
    const responses = await Promise.all(Array.from({ length: 50 }, () => fetch('http://127.0.0.1/mcp', { method: 'POST', signal: shared })));
    expect(new Set(base.signals).size).toBe(50);
    expect(base.signals.includes(shared)).toBe(false);
    expect(getEventListeners(shared, 'abort')).toHaveLength(1);
    expect(await Promise.all(responses.map((r) => r.text()))).toEqual(Array.from({ length: 50 }, () => '{}'));
    expect(getEventListeners(shared, 'abort')).toHaveLength(1);
  });

  it('aborts the requests still in flight when the shared signal aborts, and only those', async () => {
    let open = false;
    const base = recordingFetch(() => new Response(open ? openStream() : 'done', { status: 200 }));
    const fetch = fetchWithRequestSignals(base.fetch);
    const transport = new AbortController();
    const finished = await fetch('http://127.0.0.1/mcp', { signal: transport.signal });
    expect(await finished.text()).toBe('done');
    open = true;
    const streaming = await fetch('http://127.0.0.1/mcp', { signal: transport.signal });
    const reader = streaming.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('event: message\n\n');
    transport.abort(new Error('transport closed'));
    expect(base.signals.map((s) => s?.aborted)).toEqual([false, true]);
    expect((base.signals[1]!.reason as Error).message).toBe('transport closed');
  });

  it('releases a request whose body was cancelled, or that failed', async () => {
    let fail = false;
    const base: FetchLike = (_url, init) => {
      seen.push(init!.signal!);
      return fail ? Promise.reject(new TypeError('fetch failed')) : Promise.resolve(new Response(openStream()));
    };
    const seen: AbortSignal[] = [];
    const fetch = fetchWithRequestSignals(base);
    const transport = new AbortController();
    const cancelled = await fetch('http://127.0.0.1/mcp', { signal: transport.signal });
    await cancelled.body!.cancel();
    fail = true;
    await expect(fetch('http://127.0.0.1/mcp', { signal: transport.signal })).rejects.toThrow('fetch failed');
    transport.abort();
    expect(seen.map((s) => s.aborted)).toEqual([false, false]);
  });

  it('keeps the status, headers, url and redirect facts of the response', async () => {
    const answer = new Response('moved', { status: 307, statusText: 'Temporary Redirect', headers: { location: '/elsewhere' } });
    Object.defineProperty(answer, 'url', { value: 'http://127.0.0.1/mcp' });
    const fetch = fetchWithRequestSignals(() => Promise.resolve(answer));
    const response = await fetch('http://127.0.0.1/mcp', { signal: new AbortController().signal });
    expect([response.status, response.statusText, response.headers.get('location'), response.url, response.redirected, response.type]).toEqual([
      307,
      'Temporary Redirect',
      '/elsewhere',
      'http://127.0.0.1/mcp',
      false,
      'default',
    ]);
    expect(await response.text()).toBe('moved');
  });

  it('passes a request without a signal, or with an aborted one, through unchanged', async () => {
    const base = recordingFetch(() => new Response('ok'));
    const fetch = fetchWithRequestSignals(base.fetch);
    const aborted = AbortSignal.abort();
    await fetch('http://127.0.0.1/mcp', { signal: aborted });
    expect(base.signals).toEqual([aborted]);
    const plain = await fetch('http://127.0.0.1/mcp');
    expect(base.signals).toEqual([aborted, undefined]);
    expect(await plain.text()).toBe('ok');
  });
});
