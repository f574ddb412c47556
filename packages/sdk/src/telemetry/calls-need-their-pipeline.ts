import { processSecrets } from '../secrets/process-secrets.js';
import { tracerProviderRegistered } from './otel-api.js';

/**
 * True when tool calls must go through the call pipeline, not around it (serve's proxy fast
 * path): a tracer provider is registered (the call gets its spans) or a secret is (its result
 * is masked).
 */
export function callsNeedTheirPipeline(): boolean {
  return processSecrets.size > 0 || tracerProviderRegistered();
}
