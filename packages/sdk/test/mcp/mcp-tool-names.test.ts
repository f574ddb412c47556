import { describe, expect, it } from '@jest/globals';
import { TOOL_NAME_PATTERN } from '../../src/tool/tool-name.js';
import { assignMcpToolNames, sanitizeToolName } from '@toolwright/sdk/mcp';

describe('sanitizeToolName', () => {
  it('keeps valid names and replaces other characters with _', () => {
    expect(sanitizeToolName('get-sum_2')).toBe('get-sum_2');
    expect(sanitizeToolName('files.read/text')).toBe('files_read_text');
  });

  it('refuses an empty name instead of inventing one', () => {
    expect(() => sanitizeToolName('')).toThrow('A tool name must not be empty.');
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

  it('separates names that only sanitising made equal: the exact name wins, whatever the order', () => {
    const dotted = { server: 's', mcpName: 'a.b' };
    const spaced = { server: 's', mcpName: 'a b' };
    const exact = { server: 's', mcpName: 'a_b' };
    const [first, second] = assignMcpToolNames([dotted, exact], 'error', new Set());
    expect(second).toBe('a_b');
    expect(first).toMatch(/^a_b_[0-9a-f]{8}$/);
    expect(assignMcpToolNames([exact, spaced], 'prefix-on-conflict', new Set())[0]).toBe('a_b');
    const [hashed, kept] = assignMcpToolNames([spaced, exact], 'prefix-on-conflict', new Set());
    expect(kept).toBe('a_b');
    expect(hashed).toMatch(/^a_b_[0-9a-f]{8}$/);
  });

  it('lets an exact prefixed name win over a sanitised one', () => {
    const names = assignMcpToolNames([{ server: 'web', mcpName: 'get page' }, { server: 'web', mcpName: 'get_page' }], 'prefix', new Set());
    expect(names[1]).toBe('web_get_page');
    expect(names[0]).toMatch(/^web_get_page_[0-9a-f]{8}$/);
  });
});
