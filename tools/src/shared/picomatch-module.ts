/**
 * picomatch, required on first use. Five tool modules match globs (glob, grep's include, path
 * rules, the bash safety check's dangerous paths); importing picomatch at their top made every
 * import of `@toolwright/tools` (a `toolwright serve` that only lists tools) load its files.
 */
import { createRequire } from 'node:module';
import type Picomatch from 'picomatch';

const load = createRequire(import.meta.url);
let loaded: typeof Picomatch | undefined;

/** The picomatch module (its default export: the matcher factory, with `makeRe`, `scan`, `isMatch`). */
export function picomatch(): typeof Picomatch {
  return (loaded ??= load('picomatch') as typeof Picomatch);
}
