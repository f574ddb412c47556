import { createRequire } from 'node:module';
import type * as ClassValidator from 'class-validator';
import { deferClassValidatorRule } from '@toolwright/sdk/internal';

/** Names of the C0 control characters, by code (U+0000–U+001F). */
const C0_NAMES = [
  'NUL', 'SOH', 'STX', 'ETX', 'EOT', 'ENQ', 'ACK', 'BEL', 'BS', 'TAB', 'LF', 'VT', 'FF', 'CR', 'SO', 'SI',
  'DLE', 'DC1', 'DC2', 'DC3', 'DC4', 'NAK', 'SYN', 'ETB', 'CAN', 'EM', 'SUB', 'ESC', 'FS', 'GS', 'RS', 'US',
];

/**
 * The characters a command may not contain: every C0 control except tab and newline (a carriage
 * return too), DEL, the C1 controls, and the bidirectional formatting characters.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const FORBIDDEN = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

function hex(code: number): string {
  return `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** How a forbidden character is named to the model: `U+0015 (Ctrl-U, NAK)`, `U+007F (DEL)`, `U+009B (C1 control)`. */
export function describeControlCharacter(code: number): string {
  if (code < 0x20) return `${hex(code)} (Ctrl-${String.fromCharCode(code + 0x40)}, ${C0_NAMES[code]})`;
  if (code === 0x7f) return `${hex(code)} (DEL, the Backspace key)`;
  if (code <= 0x9f) return `${hex(code)} (C1 control)`;
  return `${hex(code)} (bidirectional formatting character)`;
}

/**
 * Why `text` cannot be a terminal command, or undefined when it can. A terminal would treat these
 * characters as editing or signal keys (Ctrl-U erases the line, Ctrl-C interrupts, DEL erases a
 * character, ESC starts a key sequence), so the command that ran would differ from the command that
 * was checked; a carriage return ends a line in a terminal but is part of a word in a script, so it
 * has no single meaning; bidirectional formatting characters make a command display in another
 * order than it runs. Tab and newline are allowed.
 */
export function controlCharacterProblem(text: string): string | undefined {
  const match = FORBIDDEN.exec(text);
  if (!match) return undefined;
  const code = match[0].charCodeAt(0);
  return (
    `command contains the control character ${describeControlCharacter(code)} at position ${match.index} (0-based). ` +
    'Only printable characters, tab and \\n are allowed (not \\r): a terminal treats control characters as editing keys. ' +
    'Keys for a running program: is_input with the key name (C-c, ESC, UP…); ' +
    "a control character as an argument: printf '\\x1b' or $'\\x1b'."
  );
}

const load = createRequire(import.meta.url);

/** The rule's name in class-validator's metadata. */
export const NO_CONTROL_CHARACTERS = 'noControlCharacters';

/**
 * Property decorator: the string may not contain the characters {@link controlCharacterProblem}
 * refuses. A rule class-validator checks (no JSON Schema says it): recorded as data with the SDK,
 * registered through class-validator's `ValidateBy` before the SDK first validates with it (see
 * validation-decorators.ts), so importing the tools loads none of class-validator's rules.
 */
export function NoControlCharacters(): PropertyDecorator {
  return (target, propertyKey) => {
    const property = propertyKey as string;
    deferClassValidatorRule(target, property, { type: 'customValidation', name: NO_CONTROL_CHARACTERS, constraints: undefined, each: false, groups: [] }, () => {
      const ValidateBy = (load('class-validator/cjs/decorator/common/ValidateBy.js') as typeof ClassValidator).ValidateBy;
      ValidateBy({
        name: NO_CONTROL_CHARACTERS,
        validator: {
          validate: (value: unknown) => typeof value !== 'string' || controlCharacterProblem(value) === undefined,
          defaultMessage: (args) => controlCharacterProblem(String(args?.value ?? '')) ?? 'command contains a control character',
        },
      })(target, property);
    });
  };
}
