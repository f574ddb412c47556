import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import { invalidResponseReplacement } from './incoming-message-gate.js';
import { isPlainObject } from '../util/guards.js';

/** The JSON text with each malformed response replaced by its invalid-result error; the same text when nothing is replaced or it is no JSON. */
function repairJson(text: string): string {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return text;
  }
  let replaced = false;
  const repair = (value: unknown): unknown => {
    // Only JSON-RPC messages: the same fetch also reads OAuth documents, which may have an `id`.
    const replacement = isPlainObject(value) && value.jsonrpc === '2.0' ? invalidResponseReplacement(value) : undefined;
    if (replacement) replaced = true;
    return replacement ?? value;
  };
  const repaired = Array.isArray(data) ? data.map(repair) : repair(data);
  return replaced ? JSON.stringify(repaired) : text;
}

/** One server-sent event (its lines, without the blank line ending it), with the data of a malformed response replaced. */
function repairEvent(lines: string[]): string {
  let type = '';
  const data: string[] = [];
  const rest: string[] = [];
  for (const line of lines) {
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'data') data.push(value);
    else rest.push(line);
    if (field === 'event') type = value;
  }
  if (data.length === 0 || (type !== '' && type !== 'message')) return `${lines.join('\n')}\n\n`;
  const text = data.join('\n');
  const repaired = repairJson(text);
  return repaired === text ? `${lines.join('\n')}\n\n` : `${[...rest, `data: ${repaired}`].join('\n')}\n\n`;
}

/** Passes an event stream through, event by event, with the data of malformed responses replaced. */
function repairEvents(): TransformStream<string, string> {
  let buffer = '';
  let lines: string[] = [];
  return new TransformStream<string, string>({
    transform(chunk, controller) {
      buffer += chunk;
      let out = '';
      let start = 0;
      for (let at = 0; at < buffer.length; at++) {
        const char = buffer[at];
        if (char !== '\n' && char !== '\r') continue;
        // A CR at the end of a chunk may be the first half of a CRLF: wait for the next chunk.
        if (char === '\r' && at === buffer.length - 1) break;
        const line = buffer.slice(start, at);
        if (char === '\r' && buffer[at + 1] === '\n') at++;
        start = at + 1;
        if (line === '') {
          if (lines.length > 0) out += repairEvent(lines);
          else out += '\n';
          lines = [];
        } else {
          lines.push(line);
        }
      }
      buffer = buffer.slice(start);
      if (out) controller.enqueue(out);
    },
    flush(controller) {
      const tail = [...lines, buffer].join('\n');
      if (tail) controller.enqueue(tail);
    },
  });
}

/**
 * A fetch for the MCP SDK's Streamable HTTP client transport that replaces each malformed JSON-RPC
 * response in a successful `application/json` or `text/event-stream` body with the JSON-RPC error
 * the incoming gate uses (see `invalidResponseReplacement`). The SDK parses every message with its
 * schema and drops one it rejects (`result: null`, an error without a code), which would leave the
 * request it answers waiting for the call timeout; replaced, the request fails at once saying what
 * the server sent wrong. Only messages with `"jsonrpc": "2.0"` are replaced; other responses pass through untouched.
 */
export function fetchReplacingInvalidResults(base: FetchLike = (url, init) => fetch(url, init)): FetchLike {
  return async (url, init) => {
    const response = await base(url, init);
    if (!response.ok || !response.body) return response;
    const type = (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (type !== 'application/json' && type !== 'text/event-stream') return response;
    const headers = new Headers(response.headers);
    headers.delete('content-length');
    headers.delete('content-encoding');
    const body =
      type === 'application/json'
        ? repairJson(await response.text())
        : response.body.pipeThrough(new TextDecoderStream()).pipeThrough(repairEvents()).pipeThrough(new TextEncoderStream());
    return new Response(body, { status: response.status, statusText: response.statusText, headers });
  };
}
