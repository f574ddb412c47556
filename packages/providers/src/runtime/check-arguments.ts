import { closestMatch, ErrorCode, ToolwrightError } from '@toolwright/sdk';

/** What a constructor argument or option must be. */
export type ArgumentKind = 'string' | 'non-empty string' | 'positive number' | 'positive integer' | 'boolean' | 'function' | 'object' | 'array';

/** A value's kind in a message: `an object`, `a number`, `null`. */
function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  const type = typeof value;
  return type === 'object' ? 'an object' : type === 'undefined' ? 'undefined' : `a ${type}`;
}

function fits(value: unknown, kind: ArgumentKind): boolean {
  switch (kind) {
    case 'string':
      return typeof value === 'string';
    case 'non-empty string':
      return typeof value === 'string' && value !== '';
    case 'positive number':
      return typeof value === 'number' && Number.isFinite(value) && value > 0;
    case 'positive integer':
      return typeof value === 'number' && Number.isInteger(value) && value > 0;
    case 'boolean':
      return typeof value === 'boolean';
    case 'function':
      return typeof value === 'function';
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    case 'array':
      return Array.isArray(value);
  }
}

function invalid(message: string, details: Record<string, unknown>): ToolwrightError {
  return new ToolwrightError({ code: ErrorCode.INVALID_PARAMS, message, details });
}

/**
 * Checks one positional constructor argument (from JavaScript nothing else does): a wrong one is
 * `INVALID_PARAMS` naming the call, the argument and what it must be, e.g. "new KeywordBank(bankId,
 * options?): bankId must be a non-empty string (the bank's id), got an object."
 */
export function checkArgument(call: string, name: string, value: unknown, kind: ArgumentKind, what?: string): void {
  if (fits(value, kind)) return;
  const article = /^[aeiou]/.test(kind) ? 'an' : 'a';
  throw invalid(`${call}: ${name} must be ${article} ${kind}${what ? ` (${what})` : ''}, got ${kindOf(value)}.`, { argument: name });
}

/**
 * Checks a constructor's options object (absent is fine): not an object, an unknown option (with
 * the closest known one) or an option of the wrong kind is `INVALID_PARAMS` naming the call and the
 * option, so a wrong shape fails at construction rather than as a TypeError inside a tool call.
 */
export function checkOptions(call: string, options: unknown, allowed: Readonly<Record<string, ArgumentKind>>): void {
  if (options === undefined) return;
  const names = Object.keys(allowed);
  if (!fits(options, 'object')) throw invalid(`${call}: options must be an object { ${names.map((n) => `${n}?`).join(', ')} }, got ${kindOf(options)}.`, { argument: 'options' });
  for (const [key, value] of Object.entries(options as Record<string, unknown>)) {
    const kind = allowed[key];
    if (kind === undefined) {
      const guess = closestMatch(key, names);
      throw invalid(`${call}: unknown option '${key}'.${guess ? ` Did you mean '${guess}'?` : ''} Options: ${names.join(', ') || '(none)'}.`, { option: key });
    }
    if (value !== undefined && !fits(value, kind)) {
      const article = /^[aeiou]/.test(kind) ? 'an' : 'a';
      throw invalid(`${call}: option '${key}' must be ${article} ${kind}, got ${kindOf(value)}.`, { option: key });
    }
  }
}
