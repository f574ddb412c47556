import { Chalk, supportsColor } from 'chalk';
import type { ChalkInstance } from 'chalk';

let painter: ChalkInstance | undefined;

/**
 * The chalk instance used by `visualize()`: no colour when `NO_COLOR` is set or the output is
 * not a TTY, unless `FORCE_COLOR` says otherwise (chalk's own detection).
 */
export function paint(): ChalkInstance {
  if (!painter) {
    const noColor = process.env.NO_COLOR !== undefined && process.env.NO_COLOR !== '' && !process.env.FORCE_COLOR;
    painter = new Chalk({ level: noColor ? 0 : supportsColor ? supportsColor.level : 0 });
  }
  return painter;
}

/** Forgets the cached colour decision (after changing `NO_COLOR`/`FORCE_COLOR`, e.g. in a CLI flag). */
export function resetPaint(): void {
  painter = undefined;
}
