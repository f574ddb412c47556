import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const src = resolve(dirname(fileURLToPath(import.meta.url)), '../../src');

/** Every module the root entry loads statically (dynamic `import()` excluded), and the packages they import. */
function staticGraph(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string): void => {
    if (files.has(file)) return;
    files.add(file);
    const code = readFileSync(file, 'utf8');
    for (const match of code.matchAll(/^\s*(?:import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/gm)) {
      if (match[1]) continue;
      const spec = match[2]!;
      if (spec.startsWith('.')) visit(resolve(dirname(file), spec.replace(/\.js$/, '.ts')));
      else packages.add(spec);
    }
  };
  visit(entry);
  return { files, packages };
}

describe('the root entry @toolwright/sdk', () => {
  it('does not load the MCP SDK, the MCP client or child_process', () => {
    const { files, packages } = staticGraph(resolve(src, 'index.ts'));
    expect([...packages].filter((p) => p.startsWith('@modelcontextprotocol/') || p === 'node:child_process' || p === 'child_process')).toEqual([]);
    // Toolsets reuse the MCP layer's SDK-free pieces (MCPToolAction, SchemaValidatorCache); the client and its entry stay off.
    const heavy = ['mcp/index.ts', 'mcp/mcp-client.ts', 'mcp/stdio-process-transport.ts', 'mcp/create-mcp-tools.ts'].map((f) => resolve(src, f));
    expect([...files].filter((f) => heavy.includes(f) || f.startsWith(resolve(src, 'testing')))).toEqual([]);
    expect(files.size).toBeGreaterThan(20);
  });

  it('while @toolwright/sdk/mcp does load the MCP SDK (its types and server), leaving the client and the HTTP transport to first use', () => {
    const { packages } = staticGraph(resolve(src, 'mcp/index.ts'));
    expect([...packages]).toContain('@modelcontextprotocol/sdk/types.js');
    expect([...packages]).toContain('@modelcontextprotocol/sdk/server/index.js');
    // A process that only serves over stdio loads neither: the client on the first connect, the
    // Web-standard HTTP transport on the first HTTP request.
    expect([...packages]).not.toContain('@modelcontextprotocol/sdk/client/index.js');
    expect([...packages]).not.toContain('@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js');
  });
});
