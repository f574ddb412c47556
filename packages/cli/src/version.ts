import { createRequire } from 'node:module';

function readVersion(): string {
  try {
    // By the package's own name (its exports list package.json): the same file from dist/version.js
    // and from a chunk of the bundle (dist/bundle/), which sits one directory deeper.
    const pkg = createRequire(import.meta.url)('@toolwright/cli/package.json') as { version?: string };
    return pkg.version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}

/** The version of `@toolwright/cli`, from its package.json. */
export const CLI_VERSION: string = readVersion();
