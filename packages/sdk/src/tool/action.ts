import { codecOf } from '../schema/codec.js';
import { paint } from './colors.js';
import { classOfKind, invalidSerialized, registerKind } from './kinds.js';

/** The class of an Action (constructible with no arguments). */
export type ActionClass<A extends Action = Action> = new () => A;

/** Serialized form of an Action: its wire fields plus the `kind` discriminator. */
export interface SerializedAction {
  kind: string;
  [field: string]: unknown;
}

/**
 * What the model sends to a tool. Subclasses declare their fields with `@Field` and
 * class-validator decorators; the JSON Schema and the validator both come from that declaration.
 */
export abstract class Action {
  /** The wire form with the `kind` discriminator; `Action.fromJSON` reverses it. */
  toJSON(): SerializedAction {
    return { kind: this.constructor.name, ...codecOf(this.constructor as ActionClass).serialize(this) };
  }

  /** A readable, coloured rendering for terminals and logs. */
  visualize(): string {
    const c = paint();
    const fields = codecOf(this.constructor as ActionClass).serialize(this);
    const lines = Object.entries(fields).map(([k, v]) => `  ${c.cyan(k)}: ${renderValue(v)}`);
    return [c.bold.blue(this.constructor.name), ...lines].join('\n');
  }

  /**
   * Rebuilds an Action from {@link Action.toJSON} output (validated like a tool call). The kind
   * must be a class some tool declared; an unknown kind is an error naming the known ones.
   */
  static fromJSON(json: SerializedAction): Action {
    const cls = classOfKind(json?.kind, Action as unknown as ActionClass);
    const { kind: _kind, ...fields } = json;
    const result = codecOf(cls).parse(fields);
    if (!result.ok) {
      throw invalidSerialized(cls, result.issues);
    }
    return result.value;
  }

  /** Makes `cls` known to {@link Action.fromJSON} (tool definitions do this for their action type). */
  static registerKind(cls: ActionClass): void {
    registerKind(cls);
  }
}

/** One line per value: strings as they are (first 200 characters), the rest as JSON. */
export function renderValue(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 200 ? `${text.slice(0, 200)}… (${text.length} characters)` : text;
}
