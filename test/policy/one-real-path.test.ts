import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The TypeScript files under `dir`, recursively. */
function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourcesUnder(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

describe('one helper resolves real paths for every policy decision', () => {
  it('the policy, the file tools and the bash analysis take realpath and readlink from the SDK helper only', () => {
    const areas = ['packages/sdk/src/policy', 'tools/src/file_editor', 'tools/src/read', 'tools/src/write', 'tools/src/edit', 'tools/src/bash_safety'];
    const importsFs = /import\s*\{[^}]*\b(realpath|realpathSync|readlink|readlinkSync)\b[^}]*\}\s*from\s*'node:fs(\/promises)?'/;
    const offenders = areas
      .flatMap((area) => sourcesUnder(join(repo, area)))
      .filter((file) => importsFs.test(readFileSync(file, 'utf8')))
      .map((file) => relative(repo, file));
    expect(offenders).toEqual(['packages/sdk/src/policy/real-path.ts']);
  });
});
