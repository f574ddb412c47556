import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { isPlainObject } from '../util/guards.js';

/** JSON-RPC error code of a response the server malformed (inside the server-error range). */
export const INVALID_RESULT_CODE = -32098;

/** The prefix of the error message an invalid response is replaced with. */
export const INVALID_RESULT_PREFIX = 'server sent an invalid result: ';

type Handler = NonNullable<Transport['onmessage']>;

const kind = (value: unknown): string => (value === undefined ? 'missing' : value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value === 'object' ? 'an object' : `a ${typeof value}`);

/** Why a message with an id and no method is not a JSON-RPC response the MCP SDK would accept, or undefined. */
export function malformedResponse(message: Record<string, unknown>): string | undefined {
  const extra = Object.keys(message).filter((key) => key !== 'jsonrpc' && key !== 'id' && key !== 'result' && key !== 'error');
  if ('result' in message && 'error' in message) return 'the response has both a result and an error';
  if (extra.length > 0) return `the response has fields JSON-RPC does not allow (${extra.slice(0, 3).map((key) => JSON.stringify(key.slice(0, 40))).join(', ')})`;
  if ('result' in message) return isPlainObject(message.result) ? undefined : `the result is ${kind(message.result)}, expected an object`;
  if (!('error' in message)) return 'the response has neither a result nor an error';
  const error = message.error;
  if (!isPlainObject(error)) return `the error is ${kind(error)}, expected an object with a code and a message`;
  if (!Number.isInteger(error.code)) return `the error's code is ${kind(error.code)}, expected an integer`;
  if (typeof error.message !== 'string') return `the error's message is ${kind(error.message)}, expected a string`;
  return undefined;
}

/**
 * The JSON-RPC error that stands in for a malformed response (a message with an id and no method
 * that {@link malformedResponse} rejects), or undefined for any other message.
 */
export function invalidResponseReplacement(message: Record<string, unknown>): JSONRPCMessage | undefined {
  const id = message.id;
  if ('method' in message || (typeof id !== 'string' && typeof id !== 'number')) return undefined;
  const why = malformedResponse(message);
  return why ? { jsonrpc: '2.0', id, error: { code: INVALID_RESULT_CODE, message: `${INVALID_RESULT_PREFIX}${why}` } } : undefined;
}

/**
 * Puts a gate between a transport and the MCP SDK's protocol, installed before `connect`:
 * - a response the SDK would drop as an unknown message (`result: null`, an error without a code),
 *   which would leave its request waiting for the full timeout, becomes a JSON-RPC error for that
 *   request (code {@link INVALID_RESULT_CODE}, message starting with {@link INVALID_RESULT_PREFIX});
 * - messages that follow a notification reach the protocol only after that notification was
 *   handled. The SDK runs notification handlers a microtask late but responses at once, so a
 *   tool's last progress notification and its response, read in one chunk, would otherwise lose
 *   the progress. This costs nothing while no notification is in flight.
 */
export function installIncomingGate(transport: Transport): void {
  let handler: Handler | undefined;
  let tail: Promise<void> | undefined;
  const dispatch = (message: JSONRPCMessage, extra?: Parameters<Handler>[1]): void => handler?.(message, extra);
  const gate = (incoming: JSONRPCMessage, extra?: Parameters<Handler>[1]): void => {
    const record = incoming as unknown as Record<string, unknown>;
    const message = invalidResponseReplacement(record) ?? incoming;
    if (tail) {
      const next: Promise<void> = tail
        .then(() => dispatch(message, extra))
        .then(() => {
          if (tail === next) tail = undefined;
        });
      tail = next;
      return;
    }
    dispatch(message, extra);
    if ('method' in record && !('id' in record)) {
      const next: Promise<void> = Promise.resolve().then(() => {
        if (tail === next) tail = undefined;
      });
      tail = next;
    }
  };
  Object.defineProperty(transport, 'onmessage', {
    configurable: true,
    enumerable: true,
    get: (): Handler | undefined => (handler ? (gate as Handler) : undefined),
    set: (next: Handler | undefined) => {
      handler = next;
    },
  });
}
