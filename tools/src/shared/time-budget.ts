/** A signal that aborts when the caller's does or when a time budget runs out. */
export interface TimeBudget {
  /** Aborts with the caller's signal, or after the budget. */
  signal: AbortSignal;
  /** True when the budget ran out (not the caller's signal). */
  readonly expired: boolean;
  /** Stops the timer and the forwarding. */
  dispose(): void;
}

/** Starts a {@link TimeBudget} of `ms` milliseconds on top of the caller's `signal`. */
export function timeBudget(ms: number, signal?: AbortSignal): TimeBudget {
  const controller = new AbortController();
  let expired = false;
  const forward = (): void => controller.abort(signal?.reason);
  if (signal?.aborted) forward();
  else signal?.addEventListener('abort', forward, { once: true });
  const timer = setTimeout(() => {
    expired = true;
    controller.abort(new Error(`time budget of ${ms} ms exceeded`));
  }, ms);
  timer.unref();
  return {
    signal: controller.signal,
    get expired() {
      return expired;
    },
    dispose() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', forward);
    },
  };
}
