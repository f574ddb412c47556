import { describe, expect, it } from '@jest/globals';
import { TOOL_NAME_PATTERN } from '@toolwright/sdk';
import { assignMcpToolNames, sanitizeToolName } from '@toolwright/sdk/mcp';

describe('sanitizeToolName', () => {
  it('keeps valid names and replaces other characters with _', () => {
    expect(sanitizeToolName('get-sum_2')).toBe('get-sum_2');
    expect(sanitizeToolName('files.read/text')).toBe('files_read_text');
    expect(sanitizeToolName('')).toBe('tool');
  });

  it('shortens long names with a stable hash of the full name', () => {
    const long = `${'a'.repeat(70)}.x`;
    const name = sanitizeToolName(long);
    expect(name).toMatch(TOOL_NAME_PATTERN);
    expect(name).toHaveLength(64);
    expect(name).toBe(sanitizeToolName(long));
    expect(name).not.toBe(sanitizeToolName(`${'a'.repeat(70)}.y`));
  });
});

describe('assignMcpToolNames', () => {
  const a = { server: 'alpha', mcpName: 'search' };
  const b = { server: 'beta', mcpName: 'search' };
  const c = { server: 'beta', mcpName: 'fetch' };

  it('keeps unique names verbatim', () => {
    expect(assignMcpToolNames([a, c], 'prefix-on-conflict', new Set())).toEqual(['search', 'fetch']);
  });

  it("prefixes only the clashing tools under 'prefix-on-conflict'", () => {
    expect(assignMcpToolNames([a, b, c], 'prefix-on-conflict', new Set())).toEqual(['alpha_search', 'beta_search', 'fetch']);
    expect(assignMcpToolNames([c], 'prefix-on-conflict', new Set(['fetch']))).toEqual(['beta_fetch']);
  });

  it("always prefixes under 'prefix', and applies a server's own prefix in any policy", () => {
    expect(assignMcpToolNames([a, c], 'prefix', new Set())).toEqual(['alpha_search', 'beta_fetch']);
    expect(assignMcpToolNames([{ ...a, prefix: 'web' }, b], 'prefix-on-conflict', new Set())).toEqual(['web_search', 'search']);
  });

  it("fails under 'error', naming both sources", () => {
    expect(() => assignMcpToolNames([a, b], 'error', new Set())).toThrow(
      "Tool name 'search' is claimed by both tool 'search' of MCP server 'alpha' and tool 'search' of MCP server 'beta'. Use namePolicy 'prefix' or 'prefix-on-conflict', give the server a prefix, or disable one of the tools.",
    );
    expect(() => assignMcpToolNames([c], 'error', new Set(['fetch']))).toThrow("Tool name 'fetch' is claimed by both native tool 'fetch' and tool 'fetch' of MCP server 'beta'.");
  });

  it('separates names that only sanitising made equal with a stable hash', () => {
    const names = assignMcpToolNames([{ server: 's', mcpName: 'a.b' }, { server: 's', mcpName: 'a_b' }], 'error', new Set());
    expect(names[0]).toBe('a_b');
    expect(names[1]).toMatch(/^a_b_[0-9a-f]{8}$/);
  });
});
