/**
 * The calls within {@link HOT_WINDOW_MS} that make a class or a schema hot, i.e. worth generating
 * code for. Generating costs 1-3 ms and saves 1-3 µs per call only while the calls are frequent;
 * with many tools called in turn the shared closure path is as fast as ajv alone, and generated
 * code per class stays in V8's interpreter, so something called now and then never compiles.
 */
export const HOT_CALLS = 64;
/** See {@link HOT_CALLS}: 64 calls within 64 ms, about 1,000 calls a second. */
export const HOT_WINDOW_MS = 64;

/** Counts calls and says when they became frequent enough to generate code (the codec's and the MCP schema cache's rule). */
export class Heat {
  private calls = 0;
  private windowStart = 0;

  /** `limit`: calls per window that make it hot (0: hot at once; Infinity: never). */
  constructor(private readonly limit = HOT_CALLS) {}

  /** Counts one call; true when the last `limit` calls came within {@link HOT_WINDOW_MS}. */
  tick(): boolean {
    if (this.limit === 0) return true;
    const calls = ++this.calls;
    if (calls === 1) {
      // Date.now, not performance.now: the first read of the global `performance` loads node:perf_hooks.
      this.windowStart = Date.now();
      return false;
    }
    if (calls < this.limit) return false;
    this.calls = 0;
    return Date.now() - this.windowStart <= HOT_WINDOW_MS;
  }
}
