const LIBRARY_PATH = /(?:\/usr(?:\/local)?\/lib\/python3(?:\.\d+)?\/(?:dist-packages\/|site-packages\/)?)/g;

/**
 * Tracebacks without the machine's paths: each of `paths` (the host work directory) becomes
 * `.`, and Python's library directories are dropped so `File "/usr/lib/python3/dist-packages/
 * numpy/core/x.py"` reads `File "numpy/core/x.py"`.
 */
export function stripHostPaths(text: string, paths: readonly string[]): string {
  let out = text;
  for (const path of paths) if (path.length > 1) out = out.split(path).join('.');
  return out.replace(LIBRARY_PATH, '');
}
