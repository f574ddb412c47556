import { classModelOf } from '../schema/class-model.js';
import { codecOf } from '../schema/codec.js';
import { recordNoInitialDefaults } from '../schema/initial-values.js';
import type { Action } from './action.js';
import { paint } from './colors.js';
import type { Content } from './content.js';
import { textContent, textOf } from './content.js';
import { callErrorText, executorErrorText } from './error-text.js';
import { classOfKind, invalidSerialized, registerKind } from './kinds.js';

/** The fixed first line of every error Observation's model content. */
export const ERROR_HEADER = '[An error occurred during execution.]';

/** The class of an Observation (constructible with no arguments). */
export type ObservationClass<O extends Observation = Observation> = new () => O;

/** Options of {@link Observation.fromText}. */
export interface FromTextOptions {
  /** Marks the result as an error (the model sees {@link ERROR_HEADER} first). */
  isError?: boolean;
  /** The `ErrorCode` (or another short code) behind an error result. */
  errorCode?: string;
}

/** Serialized form of an Observation. */
export interface SerializedObservation {
  kind: string;
  content: Content[];
  isError: boolean;
  errorCode?: string;
  [field: string]: unknown;
}

/**
 * What a tool returns. `content` is what the model reads; subclasses may declare typed fields
 * (with `@Field`) that code can use and that become the tool's MCP `outputSchema`, and override
 * {@link Observation.llmContent} to render them.
 */
export class Observation {
  /** Content blocks for the model. */
  content: Content[] = [];
  /** True when the call failed. */
  isError = false;
  /** Why it failed, as a stable code, when known. */
  errorCode?: string;

  /** A text Observation of this class. */
  static fromText<T extends Observation>(this: new () => T, text: string, options?: FromTextOptions): T {
    const observation = new this();
    observation.content = [textContent(text)];
    observation.isError = options?.isError === true;
    if (options?.errorCode !== undefined) observation.errorCode = options.errorCode;
    return observation;
  }

  /** An Observation of this class with the given fields set. */
  static of<T extends Observation>(this: new () => T, fields: Partial<T>): T {
    return Object.assign(new this(), fields);
  }

  /**
   * How this class carries an error: the error funnel (`observationFromError`) calls it on the
   * tool's `observationType` for any failure of a call, so executors just throw. `action` is the
   * call's Action when known; `label` names what failed (`Tool 'edit'`, `MCP tool 'search'`).
   * Default: a plain `Observation` with the funnel's wording (a `ToolwrightError` keeps its code,
   * and its message when the code names what failed, else `<label> failed: <message>`; anything
   * else is `EXECUTION_FAILED`). Override it to add the class's typed fields (e.g. `filePath`),
   * building the result with {@link Observation.errorOf}. It must not throw (the funnel then falls
   * back to this default).
   */
  static fromError(error: unknown, action?: Action, label = 'The tool'): Observation {
    void action;
    const { message, code } = callErrorText(error, label);
    return Observation.fromText(message, { isError: true, errorCode: code });
  }

  /**
   * An error Observation of this class for `error`, worded the way an executor words its own
   * failure: a `ToolwrightError` was written for the model (its message and code); anything else
   * is `<whatFailed>: <message>` (or `whatFailed(message)`) with `EXECUTION_FAILED`. `fields` are
   * set on it. For overrides of {@link Observation.fromError}.
   */
  static errorOf<T extends Observation>(this: new () => T, error: unknown, whatFailed: string | ((message: string) => string), fields?: Partial<T>): T {
    const { message, code } = executorErrorText(error, whatFailed);
    const observation = new this();
    observation.content = [textContent(message)];
    observation.isError = true;
    observation.errorCode = code;
    return fields ? Object.assign(observation, fields) : observation;
  }

  /** The text of the content (text blocks and embedded text resources, joined by newlines). */
  get text(): string {
    return textOf(this.content);
  }

  /**
   * The content before the error header is applied. Default: `content` when set, else the
   * declared fields as JSON. Override this (not {@link toLlmContent}) to render fields.
   */
  llmContent(): Content[] {
    if (this.content.length > 0) return this.content;
    const fields = this.declaresFields() ? codecOf(this.constructor as ObservationClass).serialize(this) : {};
    return Object.keys(fields).length > 0 ? [textContent(JSON.stringify(fields, null, 2))] : [];
  }

  /** What the model reads; an error result starts with {@link ERROR_HEADER}. */
  toLlmContent(): Content[] {
    const content = this.llmContent();
    if (!this.isError) return content;
    const [first, ...rest] = content;
    if (first?.type === 'text') return [textContent(`${ERROR_HEADER}\n${first.text}`), ...rest];
    return [textContent(ERROR_HEADER), ...content];
  }

  /** A readable, coloured rendering for terminals and logs. */
  visualize(): string {
    const c = paint();
    const title = this.isError ? c.bold.red(`${this.constructor.name} (error)`) : c.bold.green(this.constructor.name);
    const body = this.toLlmContent().map((block) => {
      if (block.type === 'text') return block.text;
      if (block.type === 'image' || block.type === 'audio') return c.dim(`[${block.type} ${block.mimeType}, ${block.data.length} base64 chars]`);
      if (block.type === 'resource_link') return c.dim(`[link ${block.uri}]`);
      return block.resource.text ?? c.dim(`[resource ${block.resource.uri}]`);
    });
    return [title, ...body].join('\n');
  }

  /** The serialized form with the `kind` discriminator; `Observation.fromJSON` reverses it. */
  toJSON(): SerializedObservation {
    const fields = this.declaresFields() ? codecOf(this.constructor as ObservationClass).serialize(this) : {};
    const out: SerializedObservation = { kind: this.constructor.name, ...fields, content: this.content, isError: this.isError };
    if (this.errorCode !== undefined) out.errorCode = this.errorCode;
    return out;
  }

  /** Rebuilds an Observation from {@link Observation.toJSON} output. */
  static fromJSON(json: SerializedObservation): Observation {
    const cls = classOfKind(json?.kind, Observation);
    const { kind: _kind, content, isError, errorCode, ...fields } = json;
    let observation: Observation = new cls();
    if (classModelOf(cls).fields.length > 0) {
      const parsed = codecOf(cls).parse(fields);
      if (!parsed.ok) {
        throw invalidSerialized(cls, parsed.issues);
      }
      observation = parsed.value;
    }
    observation.content = Array.isArray(content) ? content : [];
    observation.isError = isError === true;
    if (typeof errorCode === 'string') observation.errorCode = errorCode;
    return observation;
  }

  /** Makes `cls` known to {@link Observation.fromJSON}. */
  static registerKind(cls: ObservationClass): void {
    registerKind(cls);
  }

  private declaresFields(): boolean {
    return this.constructor !== Observation && classModelOf(this.constructor as ObservationClass).fields.length > 0;
  }
}

registerKind(Observation);
// An Observation's initializers are where a tool starts filling it, not defaults a caller may omit.
recordNoInitialDefaults(Observation);
