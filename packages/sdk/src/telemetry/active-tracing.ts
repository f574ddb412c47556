import type { Tracer } from '@opentelemetry/api';
import { loadedOtelApi, loadOtelApi, registeredTracerProvider, tracerProviderRegistered } from './otel-api.js';
import type { OtelApi } from './otel-api.js';

/** The instrumentation scope of every Toolwright span. */
export const TRACER_NAME = '@toolwright/sdk';
/** The scope's version (the SDK's). */
export const TRACER_VERSION = '0.1.0';

/** Tracing while it is on: the API and the Toolwright tracer of the registered provider. */
export interface ActiveTracing {
  readonly api: OtelApi;
  readonly tracer: Tracer;
}

let current: ActiveTracing | undefined;
let currentProvider: unknown;

/**
 * The tracing to use now: undefined when it is off (no tracer provider registered with
 * `@opentelemetry/api`, or the API not installed) — a property read, nothing else; a promise
 * the first time a provider is found while the API is not loaded yet (it loads once); else the
 * tracer of the registered provider (looked up again when another provider is registered).
 */
export function activeTracing(): ActiveTracing | undefined | Promise<ActiveTracing | undefined> {
  if (!tracerProviderRegistered()) return undefined;
  const api = loadedOtelApi();
  if (api === undefined) return loadOtelApi().then((loaded) => (loaded ? tracingOf(loaded) : undefined));
  return tracingOf(api);
}

/** {@link activeTracing} without waiting: undefined also while the API is still loading. */
export function activeTracingNow(): ActiveTracing | undefined {
  if (!tracerProviderRegistered()) return undefined;
  const api = loadedOtelApi();
  return api === undefined ? undefined : tracingOf(api);
}

function tracingOf(api: OtelApi): ActiveTracing {
  const provider = registeredTracerProvider();
  if (current === undefined || provider !== currentProvider) {
    currentProvider = provider;
    current = { api, tracer: api.trace.getTracer(TRACER_NAME, TRACER_VERSION) };
  }
  return current;
}
