/** Start (ms since the epoch) of the second {@link secondPrefix} formats; NaN before the first call. */
let secondStart = Number.NaN;
/** `toISOString()` of {@link secondStart} without its `000Z`: `2026-11-28T03:35:31.` */
let secondPrefix = '';
let lastMs = Number.NaN;
let lastIso = '';

/**
 * `new Date(now).toISOString()`, the same characters, made by `toISOString` once per second (the
 * milliseconds written by hand) and reused within one millisecond: an audit line's time costs
 * a few string operations instead of a date formatting (≈ 1–2 µs on Node 20 under load).
 * @internal
 */
export function isoNow(now: number = Date.now()): string {
  if (now === lastMs) return lastIso;
  let ms = now - secondStart;
  if (!(ms >= 0 && ms < 1000)) {
    ms = ((now % 1000) + 1000) % 1000;
    secondStart = now - ms;
    secondPrefix = new Date(secondStart).toISOString().slice(0, -4);
  }
  lastMs = now;
  lastIso = `${secondPrefix}${ms < 10 ? '00' : ms < 100 ? '0' : ''}${ms}Z`;
  return lastIso;
}
