import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const src = resolve(dirname(fileURLToPath(import.meta.url)), '../src');

/** The packages the entry's static (non-type) imports reach, following relative imports. */
function staticPackages(entry: string): Set<string> {
  const seen = new Set<string>();
  const packages = new Set<string>();
  const pending = [entry];
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const [, typeOnly, spec] of readFileSync(file, 'utf8').matchAll(/^\s*(?:import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/gm)) {
      if (typeOnly) continue;
      if (spec!.startsWith('.')) pending.push(resolve(dirname(file), spec!.replace(/\.js$/, '.ts')));
      else packages.add(spec!);
    }
  }
  return packages;
}

describe('the root entry @toolwright/providers', () => {
  it('loads neither the MCP SDK nor the MCP layer of @toolwright/sdk until an MCP group or server is used', () => {
    const packages = [...staticPackages(resolve(src, 'index.ts'))];
    expect(packages.filter((p) => p.startsWith('@modelcontextprotocol/') || p === '@toolwright/sdk/mcp')).toEqual([]);
    expect(packages).toEqual(expect.arrayContaining(['@toolwright/sdk', 'node:child_process']));
  });

  it('loads MiniSearch with the first keyword bank and node:http with the first HTTP server, not with the package', () => {
    const packages = [...staticPackages(resolve(src, 'index.ts'))];
    expect(packages.filter((p) => p === 'minisearch' || p === 'node:http')).toEqual([]);
  });
});
