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
    // Node's own require (not a test runner's stand-in), which can load chalk's ESM build.
    const load = process.getBuiltinModule('node:module').createRequire(import.meta.url);
    const { Chalk, supportsColor } = load('chalk') as typeof ChalkModule;
    painter = new Chalk({ level: colorLevel(supportsColor ? supportsColor.level : 0) });
  }
  return painter;
}

/** FORCE_COLOR wins, then NO_COLOR, then what chalk detected for stdout. */
function colorLevel(detected: number): 0 | 1 | 2 | 3 {
  const force = process.env.FORCE_COLOR;
  if (force !== undefined) {
    if (force === '0' || force === 'false') return 0;
    const level = force === '' || force === 'true' ? 1 : Number(force);
    return (level >= 1 && level <= 3 ? Math.floor(level) : 1) as 1 | 2 | 3;
  }
  if (process.env.NO_COLOR !== undefined && process.env.NO_COLOR !== '') return 0;
  return Math.min(3, Math.max(0, detected)) as 0 | 1 | 2 | 3;
}

/** Forgets the cached colour decision (after changing `NO_COLOR`/`FORCE_COLOR`, e.g. in a CLI flag). */
export function resetPaint(): void {
  painter = undefined;
}
