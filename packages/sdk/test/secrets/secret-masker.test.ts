import { describe, expect, it } from '@jest/globals';
import { ToolwrightError } from '../../src/errors/toolwright-error.js';
import { ErrorCode } from '../../src/errors/error-code.js';
import { SecretMasker } from '../../src/secrets/secret-masker.js';
import { Observation } from '../../src/tool/observation.js';

const TOKEN = 'ghp_CanaryToken0123456789';

function masker(): SecretMasker {
  const m = new SecretMasker();
  m.add(TOKEN, 'GITHUB_TOKEN');
  return m;
}

describe('SecretMasker', () => {
  it('returns the text itself when nothing is registered', () => {
    const text = `plain ${TOKEN}`;
    expect(new SecretMasker().mask(text)).toBe(text);
  });

  it('replaces a secret inside a longer string by <secret:NAME>', () => {
    expect(masker().mask(`token=${TOKEN};next`)).toBe('token=<secret:GITHUB_TOKEN>;next');
  });

  it('replaces every occurrence, and JSON-escaped and URL-encoded forms', () => {
    const m = new SecretMasker();
    const value = 'pa ss/"word"+ünïcode';
    m.add(value, 'PASSWORD');
    expect(m.mask(`${value} and ${value}`)).toBe('<secret:PASSWORD> and <secret:PASSWORD>');
    expect(m.mask(JSON.stringify({ p: value }))).toBe('{"p":"<secret:PASSWORD>"}');
    expect(m.mask(`https://x.test/?p=${encodeURIComponent(value)}&q=1`)).toBe('https://x.test/?p=<secret:PASSWORD>&q=1');
    expect(m.mask(`p=${encodeURIComponent(value).replaceAll('%20', '+')}`)).toBe('p=<secret:PASSWORD>');
  });

  it('masks the base64 and base64url forms, also inside a longer encoded value at any alignment', () => {
    const m = masker();
    expect(m.mask(Buffer.from(TOKEN).toString('base64'))).not.toContain(Buffer.from(TOKEN).toString('base64').slice(2, 20));
    for (const prefix of ['', 'u:', 'us:', 'use:']) {
      const basic = Buffer.from(`${prefix}${TOKEN}!`).toString('base64');
      const masked = m.mask(`Authorization: Basic ${basic}`);
      expect(masked).toContain('<secret:GITHUB_TOKEN>');
      // What is left of the encoded value are at most the two edge characters on each side.
      expect(masked.replace('Authorization: Basic ', '').replace('<secret:GITHUB_TOKEN>', '').length).toBeLessThanOrEqual(Math.ceil((prefix.length * 8) / 6) + 5);
      const url = Buffer.from(`${prefix}${TOKEN}?>`).toString('base64url');
      expect(m.mask(url)).toContain('<secret:GITHUB_TOKEN>');
    }
  });

  it('refuses a value shorter than 8 characters and a malformed name, saying why', () => {
    const m = new SecretMasker();
    expect(() => m.add('short')).toThrow(/Secret 'SECRET' is 5 character\(s\); a secret must be a string of at least 8 characters/);
    expect(() => m.add(TOKEN, 'has space')).toThrow(/A secret's name must be 1-64 letters/);
    try {
      m.add('1234567');
    } catch (error) {
      expect(ToolwrightError.hasCode(error, ErrorCode.INVALID_OPTIONS)).toBe(true);
    }
  });

  it('counts registrations: a value stays masked until each registration is taken back', () => {
    const m = masker();
    m.add(TOKEN, 'OTHER_NAME');
    m.delete(TOKEN);
    expect(m.mask(TOKEN)).toBe('<secret:GITHUB_TOKEN>');
    m.delete(TOKEN);
    expect(m.mask(TOKEN)).toBe(TOKEN);
    expect(m.size).toBe(0);
  });

  it('masks the longest form first when two secrets overlap', () => {
    const m = new SecretMasker();
    m.add('abcdefgh', 'SHORT');
    m.add('abcdefgh-ijkl', 'LONG');
    expect(m.mask('x abcdefgh-ijkl abcdefgh')).toBe('x <secret:LONG> <secret:SHORT>');
  });

  describe('maskValue', () => {
    it('returns the same object when no string in it holds a secret', () => {
      const value = { a: ['x', { b: 'y' }], n: 1 };
      expect(masker().maskValue(value)).toBe(value);
    });

    it('copies only what changed, keeping class instances and their prototype', () => {
      const observation = Observation.fromText(`the token is ${TOKEN}`);
      const masked = masker().maskValue(observation);
      expect(masked).not.toBe(observation);
      expect(masked).toBeInstanceOf(Observation);
      expect(masked.text).toBe('the token is <secret:GITHUB_TOKEN>');
      expect(observation.text).toContain(TOKEN);
    });

    it('masks an error (message, stack, details, cause) and keeps its class and ToolwrightError brand', () => {
      const error = new ToolwrightError({ code: ErrorCode.EXECUTION_FAILED, message: `failed with ${TOKEN}`, details: { header: `Bearer ${TOKEN}` }, cause: new Error(`inner ${TOKEN}`) });
      const masked = masker().maskValue(error);
      expect(ToolwrightError.isInstance(masked)).toBe(true);
      expect(masked.code).toBe(ErrorCode.EXECUTION_FAILED);
      expect(masked.message).toBe('failed with <secret:GITHUB_TOKEN>');
      expect(masked.stack).not.toContain(TOKEN);
      expect(JSON.stringify(masked.details)).not.toContain(TOKEN);
      expect((masked.cause as Error).message).toBe('inner <secret:GITHUB_TOKEN>');
    });

    it('survives cycles', () => {
      const value: Record<string, unknown> = { text: TOKEN };
      value.self = value;
      const masked = masker().maskValue(value);
      expect(masked.text).toBe('<secret:GITHUB_TOKEN>');
      expect(masked.self).toBe(masked);
    });
  });
});

describe('StreamingMasker', () => {
  it('masks a secret split across chunks at every split point, holding back no more than needed', () => {
    const m = masker();
    const text = `before ${TOKEN} after`;
    for (let cut = 1; cut < text.length; cut++) {
      for (let cut2 = cut; cut2 < text.length; cut2 += 3) {
        const stream = m.stream();
        const out = stream.push(text.slice(0, cut)) + stream.push(text.slice(cut, cut2)) + stream.push(text.slice(cut2)) + stream.end();
        expect(out).toBe('before <secret:GITHUB_TOKEN> after');
      }
    }
  });

  it('passes text that cannot begin a secret straight through', () => {
    const stream = masker().stream();
    expect(stream.push('hello world ')).toBe('hello world ');
    expect(stream.push('gh')).toBe('');
    expect(stream.push('x')).toBe('ghx');
    expect(stream.end()).toBe('');
  });

  it('masks the base64 form split across chunks', () => {
    const m = masker();
    const encoded = Buffer.from(TOKEN).toString('base64');
    const stream = m.stream();
    const out = [...encoded].map((ch) => stream.push(ch)).join('') + stream.end();
    expect(out).toContain('<secret:GITHUB_TOKEN>');
  });
});

describe("a tool's progress and streamed chunks", () => {
  it('mask the progress message, and a secret streamed across chunks, before the caller sees them', async () => {
    const { ToolContext } = await import('../../src/tool/tool-context.js');
    const { processSecrets } = await import('../../src/secrets/process-secrets.js');
    const { textContent } = await import('../../src/tool/content.js');
    const secret = 'chunked-secret-0a1b2c3d';
    processSecrets.add(secret, 'CHUNKED');
    try {
      const seen: string[] = [];
      const ctx = new ToolContext({ onProgress: (report) => seen.push(report.message ?? '') });
      ctx.reportProgress(1, 2, `step one with ${secret}`);
      const text = `streaming ${secret} done`;
      for (const part of [text.slice(0, 14), text.slice(14, 22), text.slice(22)]) ctx.reportChunk([textContent(part)], part);
      expect(seen[0]).toBe('step one with <secret:CHUNKED>');
      expect(seen.slice(1).join('')).toBe('streaming <secret:CHUNKED> done');
      expect(seen.join('\n')).not.toContain('chunked-s');
    } finally {
      processSecrets.delete(secret);
    }
  });
});
