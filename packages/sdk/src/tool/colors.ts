import { createRequire } from 'node:module';
import type * as ChalkModule from 'chalk';
import type { ChalkInstance } from 'chalk';

let painter: ChalkInstance | undefined;

/**
 * The chalk instance used by `visualize()`: no colour when `NO_COLOR` is set or the output is
 * not a TTY, unless `FORCE_COLOR` says otherwise (chalk's own detection). chalk is loaded on
 * first use (Node ≥ 20.19 can `require` an ES module), so importing the SDK does not pay for it.
 */
export function paint(): ChalkInstance {
  if (!painter) {
    const { Chalk, supportsColor } = createRequire(import.meta.url)('chalk') as typeof ChalkModule;
    const noColor = process.env.NO_COLOR !== undefined && process.env.NO_COLOR !== '' && !process.env.FORCE_COLOR;
    painter = new Chalk({ level: noColor ? 0 : supportsColor ? supportsColor.level : 0 });
  }
  return painter;
}

/** Forgets the cached colour decision (after changing `NO_COLOR`/`FORCE_COLOR`, e.g. in a CLI flag). */
export function resetPaint(): void {
  painter = undefined;
}
