import { describe, expect, it } from '@jest/globals';
import { mergeFixedArgs } from '../../src/runtime/merge-fixed-args.js';

describe('mergeFixedArgs', () => {
  it('gives what two spreads give for JSON arguments, fixed args last', () => {
    const fixed = Object.freeze({ max_results: 5, region: 'eu' });
    for (const text of ['{}', '{"query":"tents"}', '{"query":"tents","nested":{"a":[1,2]},"flag":false,"none":null}']) {
      const kwargs = JSON.parse(text) as Record<string, unknown>;
      const merged = mergeFixedArgs(kwargs, Object.keys(fixed), fixed);
      expect(merged).toStrictEqual({ ...kwargs, ...fixed });
      expect(Object.keys(merged)).toEqual(Object.keys({ ...kwargs, ...fixed }));
      expect(merged).not.toBe(kwargs);
    }
  });

  it("keeps '__proto__' from the model's JSON as a plain key, never as the prototype", () => {
    const kwargs = JSON.parse('{"query":"x","__proto__":{"polluted":true}}') as Record<string, unknown>;
    const merged = mergeFixedArgs(kwargs, ['max_results'], { max_results: 5 });
    expect(Object.getPrototypeOf(merged)).toBe(Object.prototype);
    expect((merged as { polluted?: unknown }).polluted).toBeUndefined();
    expect(Object.keys(merged)).toEqual(['query', '__proto__', 'max_results']);
    expect(Object.getOwnPropertyDescriptor(merged, '__proto__')?.value).toEqual({ polluted: true });
  });

  it('copies own properties only, as a spread does', () => {
    const kwargs = Object.assign(Object.create({ inherited: 1 }) as Record<string, unknown>, { own: 2 });
    expect(mergeFixedArgs(kwargs, ['fixed'], { fixed: 3 })).toStrictEqual({ own: 2, fixed: 3 });
  });
});
