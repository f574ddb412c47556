/**
 * The JSON `data:` payloads of a server-sent-events body, in order. A `[DONE]` sentinel ends the
 * stream; a payload that is not JSON is skipped (it cannot be a model event). Stops (rejects with
 * the abort reason) when `signal` aborts.
 */
export async function* sseEvents(body: ReadableStream<Uint8Array>, signal?: AbortSignal): AsyncGenerator<unknown> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let data: string[] = [];
  const flush = (): { done: boolean; value?: unknown } => {
    if (data.length === 0) return { done: false };
    const payload = data.join('\n');
    data = [];
    if (payload.trim() === '[DONE]') return { done: true };
    try {
      return { done: false, value: JSON.parse(payload) as unknown };
    } catch {
      return { done: false };
    }
  };
  try {
    for (;;) {
      signal?.throwIfAborted();
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let newline: number;
      while ((newline = buffer.search(/\r\n|\n|\r/)) >= 0) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + (buffer.startsWith('\r\n', newline) ? 2 : 1));
        if (line === '') {
          const event = flush();
          if (event.done) return;
          if (event.value !== undefined) yield event.value;
        } else if (line.startsWith('data:')) data.push(line.slice(line.startsWith('data: ') ? 6 : 5));
      }
    }
    if (buffer.startsWith('data:')) data.push(buffer.slice(buffer.startsWith('data: ') ? 6 : 5));
    const last = flush();
    if (!last.done && last.value !== undefined) yield last.value;
  } finally {
    reader.cancel().catch(() => undefined);
  }
}
