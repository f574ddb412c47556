import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import type { JSONRPCMessage, ServerNotification, ServerRequest } from '@modelcontextprotocol/sdk/types.js';

type RequestId = string | number;
type Handler = NonNullable<Server['fallbackRequestHandler']>;
type Extra = Parameters<Handler>[1];

/** Serve's decoder of plain `tools/call` requests (see {@link proxyFastPath}). */
export interface ProxyFastPath {
  /** Sees each message from the client (parsed JSON, not yet checked as JSON-RPC); true when it took it (else the MCP server gets it). */
  intercept(message: unknown): boolean;
  /** Cancels the calls in flight (the session ended). */
  close(): void;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** True for `_meta` the decoder passes on as it is: none, or only a progress token. */
function isPlainMeta(meta: unknown): boolean {
  if (meta === undefined) return true;
  if (!isObject(meta)) return false;
  for (const key in meta) if (key !== 'progressToken') return false;
  return typeof meta.progressToken === 'string' || typeof meta.progressToken === 'number';
}

/**
 * What the session's `tools/call` handler gets beside the request (the SDK server's
 * `RequestHandlerExtra`, as far as that handler reads it): one object per call, its methods on
 * the prototype, the call's notifications and requests related to its request id.
 */
class CallExtra {
  constructor(
    private readonly server: Server,
    readonly requestId: RequestId,
    readonly signal: AbortSignal,
    readonly _meta: unknown,
  ) {}

  async sendNotification(notification: ServerNotification): Promise<void> {
    if (!this.signal.aborted) await this.server.notification(notification, { relatedRequestId: this.requestId });
  }

  sendRequest(request: ServerRequest, schema: Parameters<Server['request']>[1], options?: object): ReturnType<Server['request']> {
    return this.server.request(request, schema, { ...options, relatedRequestId: this.requestId });
  }
}

/**
 * A thin wire decoder for `serve --stdio`: a well-formed `tools/call` (a name, an arguments
 * object, at most a progress token in `_meta`) from an initialized client goes straight to the
 * session's own `tools/call` handler (the same function the MCP SDK's `Server` calls, so the
 * same `toolset.call`, progress, approvals and error results), without the SDK's per-message
 * schema parsing and request bookkeeping; the handler's notifications and requests go out
 * through the server as the SDK's would. The client's `notifications/cancelled` aborts the
 * call's signal and no response is sent (as the SDK server does); a handler error becomes the
 * same JSON-RPC error response. Anything else goes to the MCP server. Undefined when the server
 * answers `tools/call` some other way (no fallback handler).
 */
export function proxyFastPath(server: Server, send: (message: JSONRPCMessage) => Promise<void>): ProxyFastPath | undefined {
  const handle = server.fallbackRequestHandler;
  if (!handle) return undefined;
  const inFlight = new Map<RequestId, AbortController>();
  /** True once the server handled notifications/initialized (a microtask after it passed here). */
  let initialized = false;

  const run = async (id: RequestId, request: { method: 'tools/call'; params: Record<string, unknown> }, controller: AbortController): Promise<void> => {
    const signal = controller.signal;
    const extra = new CallExtra(server, id, signal, request.params._meta) as unknown as Extra;
    let response: JSONRPCMessage;
    try {
      response = { jsonrpc: '2.0', id, result: await handle(request as Parameters<Handler>[0], extra) };
    } catch (error) {
      const { code, message, data } = (isObject(error) ? error : {}) as { code?: unknown; message?: unknown; data?: unknown };
      response = {
        jsonrpc: '2.0',
        id,
        error: { code: Number.isSafeInteger(code) ? (code as number) : ErrorCode.InternalError, message: typeof message === 'string' ? message : 'Internal error', ...(data !== undefined && { data }) },
      };
    } finally {
      if (inFlight.get(id) === controller) inFlight.delete(id);
    }
    // A cancelled request gets no response (as the SDK server does).
    if (!signal.aborted) await send(response);
  };

  return {
    intercept(message) {
      if (!isObject(message) || message.jsonrpc !== '2.0') return false;
      const { method } = message;
      if (method === 'notifications/cancelled') {
        const params = message.params;
        const requestId = isObject(params) ? params.requestId : undefined;
        const controller = typeof requestId === 'string' || typeof requestId === 'number' ? inFlight.get(requestId) : undefined;
        if (!controller) return false;
        inFlight.delete(requestId as RequestId);
        controller.abort(isObject(params) ? params.reason : undefined);
        return true;
      }
      if (method === 'notifications/initialized') void Promise.resolve().then(() => (initialized = true));
      if (method !== 'tools/call') return false;
      const id = message.id;
      if ((typeof id !== 'string' && typeof id !== 'number') || inFlight.has(id) || server.getClientCapabilities() === undefined) return false;
      const params = message.params;
      if (!isObject(params)) return false;
      for (const key in params) if (key !== 'name' && key !== 'arguments' && key !== '_meta') return false;
      if (typeof params.name !== 'string' || (params.arguments !== undefined && !isObject(params.arguments)) || !isPlainMeta(params._meta)) return false;
      const controller = new AbortController();
      inFlight.set(id, controller);
      // Until notifications/initialized was handled (its handler starts following the client's
      // capabilities upstream), a microtask later, as the SDK server starts its handlers.
      const request = { method: 'tools/call' as const, params };
      if (initialized) void run(id, request, controller).catch(() => undefined);
      else void Promise.resolve().then(() => run(id, request, controller)).catch(() => undefined);
      return true;
    },
    close() {
      for (const controller of inFlight.values()) controller.abort('The client went away.');
      inFlight.clear();
    },
  };
}
