import { Field } from '../schema/field.js';
import { Action } from './action.js';

/**
 * The Action of a schema-first tool ({@link defineTool}): the arguments as the model sent them,
 * checked against the input schema, in `data` (what hooks, rules and the event log see), and
 * the value the tool's `execute` gets in `input` (for a Standard Schema, the library's output:
 * transforms and defaults applied).
 */
export class SchemaToolAction<I = unknown> extends Action {
  /** The arguments (checked against the tool's input schema). */
  @Field({ schema: { type: 'object' }, description: 'The arguments of the call.' })
  data!: Record<string, unknown>;

  /**
   * The validated input. Undefined until an asynchronous validation settled (see
   * {@link SchemaToolAction.validated}); not serialized (`data` is).
   */
  input!: I;

  /** @internal The pending asynchronous validation, when the schema's `validate` returned a promise. */
  pending?: Promise<I>;

  /** The validated input, once an asynchronous validation settled (rejects with `INVALID_ARGUMENTS` when it failed). */
  validated(): I | Promise<I> {
    return this.pending ?? this.input;
  }
}

Action.registerKind(SchemaToolAction);
