import type { ClientHandlers } from '../tool/client-handlers.js';

const scopes = new WeakMap<ClientHandlers, object>();

/**
 * Says that the calls run with `client` come from the client `scope` (e.g. one served MCP
 * session): calls of one scope may share a server's requests, calls of different scopes may not.
 * Without it, each handlers object is a scope of its own.
 */
export function setCallScope(client: ClientHandlers, scope: object): void {
  scopes.set(client, scope);
}

const scopeOf = (client: ClientHandlers): object => scopes.get(client) ?? client;

/** Which call a server's request or notification goes to (see {@link McpCallerRouter.resolve}). */
export interface CallerResolution {
  /** The client of the latest call in flight, when the request can only be about calls of its scope. */
  caller?: ClientHandlers;
  /** True when calls of several scopes are in flight: nothing says which one it is about. */
  ambiguous: boolean;
}

/**
 * The clients of the calls in flight on one MCP connection, in the order they started. A server
 * that asks its client something during a call (sampling, elicitation) or logs does not say which
 * call it is about (the protocol carries no link over stdio), so it goes to the latest call in
 * flight when every call in flight comes from the same client scope, and to none when calls of
 * different scopes (e.g. two served sessions) are in flight: guessing could hand one client's
 * request to another.
 */
export class McpCallerRouter {
  private readonly callers: ClientHandlers[] = [];

  /** Records `client` as the client of a call that starts now; the returned function ends it. */
  enter(client: ClientHandlers): () => void {
    this.callers.push(client);
    return () => {
      const index = this.callers.lastIndexOf(client);
      if (index >= 0) this.callers.splice(index, 1);
    };
  }

  /** Where a server's request or notification arriving now goes. */
  resolve(): CallerResolution {
    const latest = this.callers[this.callers.length - 1];
    if (!latest) return { ambiguous: false };
    const scope = scopeOf(latest);
    if (this.callers.some((client) => scopeOf(client) !== scope)) return { ambiguous: true };
    return { caller: latest, ambiguous: false };
  }
}
