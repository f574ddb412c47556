import { describe, expect, it, jest } from '@jest/globals';
import { IsString, Validate, ValidatorConstraint } from 'class-validator';
import type { ValidatorConstraintInterface } from 'class-validator';
import { codecOf, Field } from '@toolwright/sdk';
import { uncachedCodec } from '../../src/schema/codec.js';
import { Address, ArrayOfNestedAction, ContactAction, FormatAction, OptionalNullableAction, Tag, WireAction } from '../fixtures/schema-fixtures.js';

@ValidatorConstraint({ name: 'isPalindrome' })
class IsPalindrome implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    return typeof value === 'string' && value === [...value].reverse().join('');
  }
  defaultMessage(): string {
    return 'word must read the same backwards';
  }
}

class PalindromeArgs {
  @Field() @IsString() @Validate(IsPalindrome) word!: string;
}

describe('codecOf(...).parse', () => {
  it('builds instances of the declared classes, nested ones included', () => {
    const result = codecOf(ArrayOfNestedAction).parse({ tags: [{ name: 'a', weight: 1 }], labels: ['x'] });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value).toBeInstanceOf(ArrayOfNestedAction);
    expect(result.value.tags[0]).toBeInstanceOf(Tag);
    expect(result.value.tags[0]).toEqual({ name: 'a', weight: 1 });
  });

  it('reports one issue per offending path, with what was expected and what came', () => {
    const result = codecOf(ArrayOfNestedAction).parse({ tags: [{ name: 'ok' }, { name: 5 }], labels: 'x', colour: 'red' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues.map((i) => i.message)).toEqual([
      'colour: unknown field; allowed fields: tags, labels',
      'tags[1].name: expected string, got number',
      'labels: expected array, got string',
    ]);
  });

  it('names a missing required field and never echoes a large value', () => {
    const big = 'x'.repeat(5000);
    const result = codecOf(Address).parse({ zip: [big] });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const text = result.issues.map((i) => i.message).join('\n');
    expect(text).toBe('city: expected string, got nothing (required field missing)\nzip: expected string, got array');
    expect(text).not.toContain('xxxxxxxxxx');
  });

  it('says the root must be an object', () => {
    const result = codecOf(Address).parse([1, 2]);
    expect(result.ok ? [] : result.issues.map((i) => i.message)).toEqual(['(root): expected object, got array']);
  });

  it('reads wire names and applies defaults for absent fields', () => {
    const result = codecOf(WireAction).parse({ is_input: true });
    expect(result.ok && result.value).toMatchObject({ isInput: true, timeout: 30 });
  });

  it('treats null in an optional, non-nullable field as absent, and keeps null where nullable', () => {
    const result = codecOf(OptionalNullableAction).parse({ note: null, parent: null, address: null, limit: null });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.note).toBeUndefined();
    expect(result.value.parent).toBeNull();
    expect(result.value.address).toBeNull();
    expect(result.value.limit).toBe(10);
  });

  it('does not modify the caller’s object', () => {
    const input = { note: null, parent: 'p' };
    codecOf(OptionalNullableAction).parse(input);
    expect(input).toEqual({ note: null, parent: 'p' });
  });

  it('runs class-validator for rules JSON Schema cannot express, with wire paths', () => {
    const codec = codecOf(PalindromeArgs);
    expect(codec.model.needsClassValidator).toBe(true);
    expect(codec.parse({ word: 'level' }).ok).toBe(true);
    const bad = codec.parse({ word: 'levels' });
    expect(bad.ok ? [] : bad.issues.map((i) => i.message)).toEqual(['word: word must read the same backwards']);
  });

  it('does not run class-validator when the schema says everything', () => {
    expect(codecOf(ArrayOfNestedAction).model.needsClassValidator).toBe(false);
  });
});

describe('codecOf(...).parse with class-validator format rules', () => {
  const messages = (value: unknown): string[] => {
    const result = codecOf(FormatAction).parse(value);
    return result.ok ? [] : result.issues.map((i) => i.message);
  };
  const base = { homepage: 'https://example.com', email: 'user@example.com' };

  it("runs class-validator's own isURL: javascript:, mailto: and localhost are rejected as @IsUrl() rejects them", () => {
    const url = 'a URL: protocol http, https or ftp (may be left out); a host name with a top-level domain or an IP address (not localhost)';
    expect(messages({ ...base, homepage: 'javascript:alert(1)' })).toEqual([`homepage: expected ${url}, got "javascript:alert(1)"`]);
    expect(messages({ ...base, homepage: 'mailto:a@example.com' })).toEqual([`homepage: expected ${url}, got "mailto:a@example.com"`]);
    expect(messages({ ...base, homepage: 'http://localhost:3000' })).toEqual([`homepage: expected ${url}, got "http://localhost:3000"`]);
    expect(messages(base)).toEqual([]);
  });

  it("honours the decorator's options (protocols, require_protocol) and IP versions", () => {
    expect(messages({ ...base, secure: 'http://example.com' })).toEqual([
      'secure: expected a URL: protocol https; a host name with a top-level domain or an IP address (not localhost), got "http://example.com"',
    ]);
    expect(messages({ ...base, secure: 'https://example.com', ip4: '::1', ip: '::1' })).toEqual(['ip4: expected an IPv4 address, got "::1"']);
    expect(messages({ ...base, id: '6ba7b810-9dad-11d1-80b4-00c04fd430c8' })).toEqual(['id: expected a UUID (version 4), got "6ba7b810-9dad-11d1-80b4-00c04fd430c8"']);
    expect(messages({ ...base, id: null, links: ['https://a.example.org', 'javascript:x'] })).toEqual([
      'links[1]: expected a URL: protocol http, https or ftp (may be left out); a host name with a top-level domain or an IP address (not localhost), got "javascript:x"',
    ]);
  });

  it('checks format rules in nested classes, with their path', () => {
    const result = codecOf(ContactAction).parse({ contacts: [{ email: 'a@example.com' }, { email: 'a@b' }] });
    expect(result.ok ? [] : result.issues.map((i) => i.message)).toEqual(['contacts[1].email: expected an email address, got "a@b"']);
  });

  it('advertises the exact rule in the description and keeps standard formats only as annotations', () => {
    const model = codecOf(FormatAction).model;
    expect(model.needsClassValidator).toBe(false);
    expect(model.schema.properties?.ip4).toEqual({ type: 'string', description: 'Must be an IPv4 address.', format: 'ipv4' });
    expect(model.validationSchema.properties?.ip4).toEqual({ type: 'string', description: 'Must be an IPv4 address.' });
    expect(codecOf(ArrayOfNestedAction).model.validationSchema).toBe(codecOf(ArrayOfNestedAction).model.schema);
  });
});

describe('codec paths', () => {
  /** Whether the codec has switched to compiled code: its one-pass parser, or ajv (private state: this is a performance policy). */
  const compiled = (codec: unknown): boolean => (codec as { check?: unknown }).check !== undefined || (codec as { parser?: unknown }).parser !== undefined;
  const args = { city: 'Oslo', zip: '0150' };

  it('compiles a class called 64 times in quick succession, with the same results', () => {
    const codec = uncachedCodec(Address, 64);
    const first = codec.parse(args);
    expect(first.ok).toBe(true);
    for (let i = 1; i < 64; i++) codec.parse(args);
    expect(compiled(codec)).toBe(true);
    expect(codec.parse(args)).toStrictEqual(first);
  });

  it('reports the same issues once compiled (what the one-pass parser rejects goes to the exact path)', () => {
    const cold = uncachedCodec(ArrayOfNestedAction, Infinity);
    const hot = uncachedCodec(ArrayOfNestedAction, 0);
    const bad = { tags: [{ name: 'ok' }, { name: 5 }], labels: 'x', colour: 'red' };
    expect(hot.parse({ tags: [{ name: 'a' }], labels: [] }).ok).toBe(true);
    expect(compiled(hot)).toBe(true);
    const issues = hot.parse(bad);
    expect(issues).toStrictEqual(cold.parse(bad));
    expect(issues.ok ? [] : issues.issues.map((i) => i.message)).toEqual([
      'colour: unknown field; allowed fields: tags, labels',
      'tags[1].name: expected string, got number',
      'labels: expected array, got string',
    ]);
  });

  it('keeps a class called now and then on the shared closure path', () => {
    const codec = uncachedCodec(Address, 64);
    let clock = Date.now();
    const spy = jest.spyOn(Date, 'now').mockImplementation(() => clock);
    try {
      for (let i = 0; i < 200; i++) {
        clock += 2; // a call every 2 ms: 64 calls take 128 ms
        expect(codec.parse(args).ok).toBe(true);
      }
    } finally {
      spy.mockRestore();
    }
    expect(compiled(codec)).toBe(false);
  });
});

describe('codecOf(...).serialize', () => {
  it('writes wire names, nested objects as plain data, and omits absent fields', () => {
    const parsed = codecOf(WireAction).parse({ is_input: false, timeout: 5 });
    expect(parsed.ok && codecOf(WireAction).serialize(parsed.value)).toEqual({ is_input: false, timeout: 5 });
    const nested = codecOf(ArrayOfNestedAction).parse({ tags: [{ name: 'a' }], labels: [] });
    expect(nested.ok && codecOf(ArrayOfNestedAction).serialize(nested.value)).toEqual({ tags: [{ name: 'a' }], labels: [] });
  });
});
