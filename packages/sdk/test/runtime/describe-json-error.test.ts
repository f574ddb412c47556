import { describe, expect, it } from '@jest/globals';
import { describeJsonError } from '../../src/runtime/phases/parse-arguments.js';
import { jsonErrorOffset } from '../../src/runtime/phases/json-error-offset.js';

function described(text: string): string {
  try {
    JSON.parse(text);
  } catch (error) {
    return describeJsonError(error, text);
  }
  throw new Error(`valid JSON: ${text}`);
}

describe('describeJsonError (error texts name the problem and its place, never a value)', () => {
  it('names an unexpected character without quoting it or the text around it', () => {
    expect(described('{"a": sk-SECRET1xxxxxxxxxxxxxx}')).toBe('Unexpected character at position 6 (line 1, column 7)');
    expect(described('hello world')).toBe('Unexpected character at position 0 (line 1, column 1)');
    expect(described('{"a":tru}')).toBe("Unexpected token '}' at position 8 (line 1, column 9)");
    expect(described('[1,]')).toBe("Unexpected token ']' at position 3 (line 1, column 4)");
  });

  it("keeps V8's wording when it names JSON syntax only", () => {
    expect(described('{"text": "hunter2" "times": 2}')).toBe("Expected ',' or '}' after property value at position 19 (line 1, column 20)");
    expect(described('{"a":1')).toBe("Expected ',' or '}' after property value at position 6 (line 1, column 7)");
    expect(described('{"a":"x\ny"}')).toBe('Bad control character in string literal at position 7 (line 1, column 8)');
    expect(described('{"a":1}}')).toBe('Unexpected non-whitespace character after JSON at position 7 (line 1, column 8)');
    expect(described('{a:1}')).toBe("Expected property name or '}' at position 1 (line 1, column 2)");
  });

  it('counts lines and columns for multi-line input', () => {
    expect(described('{"a":\n  [1, 2\n  x]}')).toBe("Expected ',' or ']' after array element at position 16 (line 3, column 3)");
  });

  it('never echoes a secret, whatever the breakage', () => {
    for (const text of ['{"a": sk-SECRET2}', '{"k":"sk-SECRET2"', '{"k":"sk-SECRET2" x}', 'sk-SECRET2', '{"k": [sk-SECRET2]}', '{"sk-SECRET2"}']) {
      expect(described(text)).not.toContain('SECRET');
    }
  });

  it('finds the offset itself (also for unexpected ends and deep nesting)', () => {
    expect(jsonErrorOffset('{"a":[1,{"b":null}]}')).toBe(-1);
    expect(jsonErrorOffset('[[[[')).toBe(4);
    expect(jsonErrorOffset('['.repeat(100_000))).toBe(100_000);
    expect(jsonErrorOffset('{"a":"\\u12x"}')).toBe(10);
    expect(jsonErrorOffset('{"a":-}')).toBe(6);
  });
});
