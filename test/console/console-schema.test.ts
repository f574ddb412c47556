import { describe, expect, it } from '@jest/globals';
import { describeType, fieldKind, initialValue, joinPath, propertiesOf, resolveSchema } from '../../packages/cli/console/src/schema.js';
import type { Schema } from '../../packages/cli/console/src/schema.js';
import { joinPath as validatorJoinPath } from '../../packages/sdk/src/schema/validation-issue.js';

describe('the console form\'s reading of JSON Schema', () => {
  const root: Schema = {
    type: 'object',
    $defs: { Point: { type: 'object', properties: { x: { type: 'number' }, y: { type: 'number' } }, required: ['x'] } },
    properties: {
      at: { $ref: '#/$defs/Point', description: 'Where.' },
      label: { anyOf: [{ type: 'string' }, { type: 'null' }] },
      size: { type: ['integer', 'null'] },
      mode: { type: 'string', enum: ['fast', 'safe'] },
      tags: { type: 'array', items: { type: 'string' } },
      extra: { type: 'object', additionalProperties: true },
      either: { oneOf: [{ type: 'string' }, { type: 'number' }] },
    },
    required: ['at', 'mode'],
  };
  const prop = (name: string): Schema => resolveSchema((root.properties as Record<string, unknown>)[name], root);

  it('follows local $refs (keeping the referring schema\'s own keywords) and unwraps a nullable union of one type', () => {
    expect(prop('at')).toMatchObject({ type: 'object', description: 'Where.', required: ['x'] });
    expect(fieldKind(prop('at'))).toBe('object');
    expect(fieldKind(prop('label'))).toBe('string');
    expect(fieldKind(prop('size'))).toBe('integer');
  });

  it('gives enums a select, arrays a list, and what a form cannot spell out a JSON box', () => {
    expect(fieldKind(prop('mode'))).toBe('enum');
    expect(fieldKind(prop('tags'))).toBe('array');
    expect(fieldKind(prop('extra'))).toBe('json');
    expect(fieldKind(prop('either'))).toBe('json');
  });

  it('starts a form with the required fields filled minimally and the optional ones left out', () => {
    expect(initialValue(root, root)).toEqual({ at: { x: undefined }, mode: 'fast' });
    expect(propertiesOf(root).filter((p) => p.required).map((p) => p.name)).toEqual(['at', 'mode']);
  });

  it('describes types readably and names paths as the validator does', () => {
    expect(describeType((root.properties as Record<string, unknown>).tags, root)).toBe('array of string');
    expect(describeType((root.properties as Record<string, unknown>).size, root)).toBe('integer or null');
    expect(describeType((root.properties as Record<string, unknown>).either, root)).toBe('string | number');
    expect(joinPath(joinPath(joinPath('', 'traveller'), 'stops'), 1)).toBe('traveller.stops[1]');
    expect(joinPath('a', 'x-y')).toBe('a["x-y"]');
    // The page's copy agrees with the validator's (the page cannot import the SDK).
    for (const [base, segment] of [['', 'a'], ['a', 'b'], ['a', 0], ['a', '12'], ['', 'x-y'], ['a.b', '$ok'], ['', 'ü']] as const) {
      expect(joinPath(base, segment)).toBe(validatorJoinPath(base, segment));
    }
  });
});
