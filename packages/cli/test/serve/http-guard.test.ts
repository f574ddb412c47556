import { describe, expect, it } from '@jest/globals';
import { checkHttpRequest } from '../../src/serve/http-guard.js';
import { allowedHostEntry, allowedHostNames, isLoopbackHost } from '../../src/serve/host-names.js';

const loopback = { allowedHosts: allowedHostNames('127.0.0.1'), port: 8931 };

describe('checkHttpRequest', () => {
  it('accepts loopback Host headers on the listening port', () => {
    for (const host of ['127.0.0.1:8931', 'localhost:8931', '[::1]:8931', 'LOCALHOST:8931']) {
      expect(checkHttpRequest({ host }, loopback)).toEqual({ ok: true });
    }
  });

  it('refuses a foreign Host (DNS rebinding) and a wrong port', () => {
    const verdict = checkHttpRequest({ host: 'evil.example:8931' }, loopback);
    expect(verdict).toEqual({
      ok: false,
      status: 403,
      message: "Forbidden: Host 'evil.example:8931' is not this server (DNS rebinding protection); expected one of localhost:8931, 127.0.0.1:8931, [::1]:8931.",
    });
    expect(checkHttpRequest({ host: '127.0.0.1:9999' }, loopback)).toMatchObject({ ok: false, status: 403 });
    expect(checkHttpRequest({}, loopback)).toMatchObject({ ok: false, status: 403 });
    expect(checkHttpRequest({ host: 'user@127.0.0.1:8931' }, loopback)).toMatchObject({ ok: false, status: 403 });
  });

  it('accepts the same origin, and refuses a foreign or null Origin', () => {
    expect(checkHttpRequest({ host: '127.0.0.1:8931', origin: 'http://localhost:8931' }, loopback)).toEqual({ ok: true });
    const foreign = checkHttpRequest({ host: '127.0.0.1:8931', origin: 'https://evil.example' }, loopback);
    expect(foreign).toEqual({
      ok: false,
      status: 403,
      message: "Forbidden: Origin 'https://evil.example' is not allowed; a browser page may call this server only from its own origin (or one passed with --allowed-origin).",
    });
    expect(checkHttpRequest({ host: '127.0.0.1:8931', origin: 'null' }, loopback)).toMatchObject({ status: 403 });
    const extra = { ...loopback, allowedOrigins: new Set(['https://app.example']) };
    expect(checkHttpRequest({ host: '127.0.0.1:8931', origin: 'https://app.example' }, extra)).toEqual({ ok: true });
  });

  it('accepts a host:port entry (a load balancer in front) on exactly that port', () => {
    const behind = { allowedHosts: allowedHostNames('127.0.0.1', ['127.0.0.1:8080', 'mcp.example.com:443']), port: 8931 };
    expect(checkHttpRequest({ host: '127.0.0.1:8080' }, behind)).toEqual({ ok: true });
    expect(checkHttpRequest({ host: 'mcp.example.com:443' }, behind)).toEqual({ ok: true });
    expect(checkHttpRequest({ host: '127.0.0.1:8931' }, behind)).toEqual({ ok: true });
    expect(checkHttpRequest({ host: '127.0.0.1:8081' }, behind)).toMatchObject({ ok: false, status: 403 });
    expect(checkHttpRequest({ host: 'mcp.example.com:8931' }, behind)).toEqual({
      ok: false,
      status: 403,
      message:
        "Forbidden: Host 'mcp.example.com:8931' is not this server (DNS rebinding protection); expected one of localhost:8931, 127.0.0.1:8931, [::1]:8931, 127.0.0.1:8080, mcp.example.com:443.",
    });
    expect(checkHttpRequest({ host: '127.0.0.1:8931', origin: 'http://127.0.0.1:8080' }, behind)).toEqual({ ok: true });
  });

  it('requires the bearer token when one is set', () => {
    const guarded = { ...loopback, token: 's3cret' };
    expect(checkHttpRequest({ host: '127.0.0.1:8931' }, guarded)).toMatchObject({ ok: false, status: 401 });
    expect(checkHttpRequest({ host: '127.0.0.1:8931', authorization: 'Bearer wrong' }, guarded)).toMatchObject({ ok: false, status: 401 });
    expect(checkHttpRequest({ host: '127.0.0.1:8931', authorization: 'Bearer s3cret' }, guarded)).toEqual({ ok: true });
    expect(checkHttpRequest({ host: '127.0.0.1:8931', authorization: 'bearer s3cret' }, guarded)).toEqual({ ok: true });
  });
});

describe('host names', () => {
  it('knows loopback addresses', () => {
    expect(['localhost', '127.0.0.1', '127.1.2.3', '::1', '[::1]', '::ffff:127.0.0.1'].every(isLoopbackHost)).toBe(true);
    expect(['0.0.0.0', '10.0.0.1', 'example.com', '::'].some(isLoopbackHost)).toBe(false);
  });

  it('reads an allowed-host entry as a name or name:port, and refuses anything else', () => {
    expect(allowedHostEntry('MCP.Example.com')).toBe('mcp.example.com');
    expect(allowedHostEntry('mcp.example.com:80')).toBe('mcp.example.com:80');
    expect(allowedHostEntry('[::1]:8080')).toBe('[::1]:8080');
    expect(allowedHostEntry('::1')).toBeUndefined();
    for (const bad of ['', 'a b', 'host/path', 'user@host', 'host:0', 'host:70000', 'host:port']) expect(allowedHostEntry(bad)).toBeUndefined();
    expect(() => allowedHostNames('127.0.0.1', ['a b'])).toThrow("Allowed host 'a b' is not a host name or host:port.");
  });

  it('accepts every interface address on a wildcard bind', () => {
    const names = allowedHostNames('0.0.0.0', ['mcp.internal']);
    expect(names.has('127.0.0.1')).toBe(true);
    expect(names.has('mcp.internal')).toBe(true);
    expect(allowedHostNames('127.0.0.1').has('mcp.internal')).toBe(false);
  });
});
