import type { ClientHandlers } from '../tool/client-handlers.js';

const origins = new WeakMap<ClientHandlers, ClientHandlers>();

/**
 * Records that `derived` stands for the served call's own `original` handlers (a wrapper such as
 * the stateless toolset's replaces them), so that the proxy still finds the call an upstream
 * notification belongs to.
 */
export function linkCallOrigin(derived: ClientHandlers, original: ClientHandlers): void {
  origins.set(derived, origins.get(original) ?? original);
}

/** The served call's own handlers behind `client` (itself when it was not derived). */
export function callOriginOf(client: ClientHandlers): ClientHandlers {
  return origins.get(client) ?? client;
}
