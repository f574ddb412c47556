import { describe, expect, it } from '@jest/globals';
import { proxiedUri, upstreamOfUri } from '../../../src/serve/proxy/proxied-uri.js';

describe('proxiedUri / upstreamOfUri', () => {
  const cases: [string, string][] = [
    ['everything', 'demo://resource/static/document/architecture.md'],
    ['a/b', 'file:///tmp/x'],
    ['a', 'b/file:///tmp/x'],
    ['my server', 'fx://item/{id}'],
    ['%41', 'urn:isbn:0451450523'],
    ['ünï', ''],
  ];

  it.each(cases)('round-trips server %j and URI %j', (server, uri) => {
    expect(upstreamOfUri(proxiedUri(server, uri))).toEqual({ server, uri });
  });

  it('gives two servers different URIs for the same upstream URI, even when names and URIs could be glued together', () => {
    expect(proxiedUri('a/b', 'c')).not.toBe(proxiedUri('a', 'b/c'));
    expect(proxiedUri('a', 'b/c')).toBe('toolwright-mcp://a/b/c');
    expect(proxiedUri('a/b', 'c')).toBe('toolwright-mcp://a%2Fb/c');
  });

  it('keeps a URI template a template whose expansions are proxied URIs', () => {
    const template = proxiedUri('fx', 'fx://item/{id}');
    expect(template.replace('{id}', '7')).toBe(proxiedUri('fx', 'fx://item/7'));
  });

  it('is undefined for URIs that are not proxied or are malformed', () => {
    expect(upstreamOfUri('demo://x')).toBeUndefined();
    expect(upstreamOfUri('toolwright-mcp://')).toBeUndefined();
    expect(upstreamOfUri('toolwright-mcp:///x')).toBeUndefined();
    expect(upstreamOfUri('toolwright-mcp://noslash')).toBeUndefined();
    expect(upstreamOfUri('toolwright-mcp://%E0%A4%A/x')).toBeUndefined();
  });
});
