import { deepFreeze } from '../schema/deep-freeze.js';
import type { ExportOptions, ExportWarning } from './provider-export.js';

interface Entry {
  value: unknown;
  warnings: readonly ExportWarning[];
  told?: WeakSet<(warning: ExportWarning) => void>;
}

/**
 * One tool's exports, built once per format and options and deep-frozen (a caller cannot change
 * what the next caller gets). Warnings raised while building are kept and told to each new
 * `onWarning` callback once.
 */
export class ExportCache {
  /** Made on the first export (a tool that is never exported, or a derived copy not yet, pays no Map). */
  private entries?: Map<string, Entry>;

  /** The export for `format` and `options`, built by `build` on first use. */
  get<T>(format: string, options: ExportOptions, build: (warnings: ExportWarning[]) => T): T {
    const strict = options.strict === 'auto' ? 2 : options.strict ? 1 : 0;
    const key = `${format}:${strict}${options.securityRisk ? 1 : 0}${options.summary ? 1 : 0}`;
    const entries = (this.entries ??= new Map<string, Entry>());
    let entry = entries.get(key);
    if (!entry) {
      const warnings: ExportWarning[] = [];
      entry = { value: deepFreeze(build(warnings)), warnings: deepFreeze(warnings) };
      entries.set(key, entry);
    }
    const onWarning = options.onWarning;
    if (onWarning && entry.warnings.length > 0) {
      entry.told ??= new WeakSet();
      if (!entry.told.has(onWarning)) {
        entry.told.add(onWarning);
        for (const warning of entry.warnings) onWarning(warning);
      }
    }
    return entry.value as T;
  }
}
