import { processSecrets } from './process-secrets.js';

/**
 * `error` with the process's registered secrets masked in its message, cause and details (a copy
 * of the same class, brand kept: see `SecretMasker.maskValue`); `error` itself when nothing in
 * it is secret or no secret is registered. For errors a caller receives outside any call's
 * pipeline: `agent.initialize()`, `agent.reconnect()` (an MCP server's failure text or a spec's
 * value may echo a token).
 */
export function maskedError<T>(error: T): T {
  return processSecrets.size === 0 ? error : processSecrets.maskValue(error);
}
