import { describe, expect, it } from '@jest/globals';
import { coerceEnvValue } from '../../src/registry/coerce-env-value.js';

describe('coerceEnvValue', () => {
  it('converts to the declared integer, number, boolean or null', () => {
    expect(coerceEnvValue('10', { type: 'integer' })).toEqual({ ok: true, value: 10 });
    expect(coerceEnvValue('-2.5e1', { type: 'number' })).toEqual({ ok: true, value: -25 });
    expect(coerceEnvValue('TRUE', { type: 'boolean' })).toEqual({ ok: true, value: true });
    expect(coerceEnvValue('null', { anyOf: [{ type: 'integer' }, { type: 'null' }] })).toEqual({ ok: true, value: null });
  });

  it('keeps the string where strings are allowed or no type is declared', () => {
    expect(coerceEnvValue('10', { type: ['string', 'integer'] })).toEqual({ ok: true, value: '10' });
    expect(coerceEnvValue('10', {})).toEqual({ ok: true, value: '10' });
  });

  it('says what was expected when the text does not parse', () => {
    expect(coerceEnvValue('1.5', { type: 'integer' })).toEqual({ ok: false, expected: 'an integer' });
    expect(coerceEnvValue('yes', { type: 'boolean' })).toEqual({ ok: false, expected: 'true or false' });
    expect(coerceEnvValue('', { type: 'number' })).toEqual({ ok: false, expected: 'a number' });
    expect(coerceEnvValue('99999999999999999999', { type: 'integer' })).toEqual({ ok: false, expected: 'an integer' });
  });
});
