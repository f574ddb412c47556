import type * as OtelModule from '@opentelemetry/api';

/** The `@opentelemetry/api` module (an optional peer dependency, loaded on first need). */
export type OtelApi = typeof OtelModule;

/**
 * Where every copy of `@opentelemetry/api` 1.x keeps what was registered with it
 * (`trace.setGlobalTracerProvider` puts the provider under `trace`). Reading it tells whether
 * tracing is on without loading the API.
 */
export const OTEL_GLOBAL = Symbol.for('opentelemetry.js.api.1');

/** What the API keeps there (of what Toolwright reads). */
export interface OtelGlobal {
  trace?: unknown;
}

let api: OtelApi | undefined;
let loading: Promise<OtelApi | undefined> | undefined;

/** True when a tracer provider is registered with `@opentelemetry/api` 1.x (by any copy of it). */
export function tracerProviderRegistered(): boolean {
  const registered = (globalThis as Record<symbol, OtelGlobal | undefined>)[OTEL_GLOBAL];
  return registered !== undefined && registered.trace !== undefined;
}

/** The registered tracer provider (the API's proxy), to notice that another was registered. */
export function registeredTracerProvider(): unknown {
  return (globalThis as Record<symbol, OtelGlobal | undefined>)[OTEL_GLOBAL]?.trace;
}

/** The API module once loaded; undefined before (or when it is not installed). */
export function loadedOtelApi(): OtelApi | undefined {
  return api;
}

/**
 * Loads `@opentelemetry/api` once; resolves undefined when it is not installed (tracing then
 * stays off, nothing fails).
 */
export function loadOtelApi(): Promise<OtelApi | undefined> {
  return (loading ??= import('@opentelemetry/api').then(
    (module: OtelApi) => (api = module),
    () => undefined,
  ));
}
