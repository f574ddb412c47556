/**
 * The only module that loads typedi. Everything else talks to {@link ScopedContainer}, so the
 * container is replaceable and typedi's global state never leaks between conversations.
 *
 * typedi is required on first use (the first service a conversation's container is asked for),
 * not when the SDK is imported nor when a class is decorated: importing it from an ES module costs
 * a cold process 8-20 ms (node parses each of its CommonJS files for their export names), and a
 * process that only declares, lists and calls tools that ask for no service never needs it. The
 * `@Service()`/`@Inject()` decorations made before then wait in a queue and are applied, in the
 * order they were made, when typedi loads (so `@toolwright/tools`, whose executors are services,
 * costs nothing of typedi until a conversation first calls one of them).
 */
import 'reflect-metadata';
import { createRequire } from 'node:module';
import type * as TypediNs from 'typedi';
import type { ContainerInstance, Inject as TypediInject, Service as TypediService, Token as TypediToken } from 'typedi';
import { ErrorCode } from '../errors/error-code.js';
import { ToolwrightError } from '../errors/toolwright-error.js';

const load = createRequire(import.meta.url);
let typediModule: typeof TypediNs | undefined;

/**
 * Tokens are made before typedi is loaded (`CONVERSATION_STATE` at import, users' tokens at
 * theirs): a plain class, whose prototype is chained to typedi's `Token.prototype` when typedi
 * loads, so every token, made before or after, is an `instanceof` typedi's `Token` as typedi's
 * container and `@Service(token)` require.
 */
const LazyToken = class Token {
  /** The token's name, for messages only (typedi's field). */
  name?: string;

  constructor(name?: string) {
    this.name = name;
  }
};

/** `@Service()`/`@Inject()` decorations made before typedi was loaded, in the order they were made (undefined once applied). */
let deferred: (() => void)[] | undefined = [];

/**
 * typedi, required on first use; links {@link Token}'s prototype to typedi's then, and applies the
 * decorations that waited for it (typedi's own, with the arguments they were made with).
 */
function typedi(): typeof TypediNs {
  if (typediModule === undefined) {
    const loaded = load('typedi') as typeof TypediNs;
    Object.setPrototypeOf(LazyToken.prototype, loaded.Token.prototype);
    typediModule = loaded;
    const waiting = deferred ?? [];
    deferred = undefined;
    for (const apply of waiting) apply();
  }
  return typediModule;
}

/**
 * A decorator that applies typedi's `name` decorator made with `args` to what it decorates: now
 * when typedi is loaded, else when it loads (typedi's decorators only record; nothing reads the
 * records before a container is asked for a service, which loads typedi first).
 */
function deferredDecorator(name: 'Service' | 'Inject', args: unknown[]): (...target: unknown[]) => void {
  return (...target: unknown[]): void => {
    const apply = (): void => {
      const make = typediModule![name] as (...a: unknown[]) => (...t: unknown[]) => unknown;
      make(...args)(...target);
    };
    if (deferred === undefined) apply();
    else deferred.push(apply);
  };
}

/** typedi's `Token`: a typed identifier for a value that has no class of its own. */
export const Token = LazyToken as unknown as typeof TypediToken;
/** typedi's `Token`: a typed identifier for a value that has no class of its own. */
export type Token<T> = TypediToken<T>;

/** typedi's `@Service()` decorator (applied when typedi loads: the first time a container is asked for a service). */
export const Service = function Service(...args: unknown[]): unknown {
  return deferredDecorator('Service', args);
} as unknown as typeof TypediService;

/** typedi's `@Inject()` decorator (applied when typedi loads: the first time a container is asked for a service). */
export const Inject = function Inject(...args: unknown[]): unknown {
  return deferredDecorator('Inject', args);
} as unknown as typeof TypediInject;

/** A class the container can build. */
export type ServiceClass<T> = new (...args: never[]) => T;

/** Token under which a conversation's {@link ConversationState} is available to services. */
export const CONVERSATION_STATE = new Token<unknown>('toolwright.conversationState');

/** The part of typedi's per-service record the tracking hook reads. */
interface ServiceRecord {
  id: unknown;
  value: unknown;
  global?: boolean;
  transient?: boolean;
}

/** typedi's instance method that builds (or returns) a service's value; every construction goes through it. */
interface ValueBuilder {
  getServiceValue(record: ServiceRecord): unknown;
}

let counter = 0;

/**
 * A typedi container owned by one conversation.
 *
 * - A `@Service()` class is built once per conversation, however many executors or services
 *   ask for it (constructor `@Inject`, property `@Inject` or {@link get}); two conversations never
 *   share one. `@Service({ global: true })` classes are shared by all conversations and are not
 *   this container's to close. `@Service({ transient: true })` is refused with `INVALID_DEFINITION`:
 *   typedi 0.10 keeps the first instance in a scoped container, so it would silently not be transient.
 * - Everything the container built — including dependencies typedi built on the way — and every
 *   value handed to {@link adopt} is recorded in creation order; {@link close} calls `close()` on
 *   each, once, in reverse creation order (an executor before the services it uses).
 */
export class ScopedContainer {
  // typedi's container is made on the first get (a conversation whose tools ask for no service,
  // e.g. `serve` of imported tools, never loads typedi); bindings made before wait here.
  private made?: ContainerInstance;
  private readonly bindings: [Token<unknown> | ServiceClass<unknown>, unknown][] = [];
  private readonly created: object[] = [];
  private readonly seen = new WeakSet<object>();
  private closed = false;

  constructor(private readonly id: string) {}

  /** typedi's container of this scope, made (with the bindings so far) on first use. */
  private get instance(): ContainerInstance {
    if (this.made) return this.made;
    const instance = typedi().Container.of(`toolwright:${this.id}:${++counter}`);
    // Record each value typedi builds in this scope, when its construction finishes (so a
    // dependency is recorded before the service that needed it).
    const builder = instance as unknown as ValueBuilder;
    const build = builder.getServiceValue.bind(instance);
    builder.getServiceValue = (record: ServiceRecord): unknown => {
      if (record.transient === true) {
        const name = typeof record.id === 'function' ? record.id.name : String(record.id);
        throw new ToolwrightError({
          code: ErrorCode.INVALID_DEFINITION,
          message: `Service ${name} is declared @Service({ transient: true }), which a conversation's container does not support (typedi would keep its first instance). Drop transient and let the conversation share one, or build instances yourself (new ${name}(…)).`,
        });
      }
      const before = record.value;
      const value = build(record);
      if (record.global !== true && value !== before) this.record(value);
      return value;
    };
    for (const [token, value] of this.bindings) instance.set(token as Token<unknown>, value);
    this.bindings.length = 0;
    return (this.made = instance);
  }

  /** Binds a value to a token or class in this scope. Bound values are the caller's: never closed here. */
  set<T>(token: Token<T> | ServiceClass<T>, value: T): void {
    if (typeof value === 'object' && value !== null) this.seen.add(value);
    if (this.made) this.made.set(token as Token<T>, value);
    else this.bindings.push([token as Token<unknown>, value]);
  }

  /** The scope's instance of `cls` (built on first request, with its dependencies). */
  get<T>(cls: ServiceClass<T> | Token<T>): T {
    return this.instance.get(cls as Token<T>);
  }

  /**
   * Records a value built outside the container (an executor built with its params) so that
   * {@link close} closes it with the rest, in creation order. Returns the value.
   */
  adopt<T>(value: T): T {
    this.record(value);
    return value;
  }

  /** True once {@link close} ran. */
  get isClosed(): boolean {
    return this.closed;
  }

  /**
   * Calls `close()` on every value the container built or adopted, once each, in reverse order of
   * creation. Every close runs even if one throws; the errors are returned, not thrown.
   */
  async close(): Promise<unknown[]> {
    if (this.closed) return [];
    this.closed = true;
    const errors: unknown[] = [];
    for (const value of this.created.reverse()) {
      const close = (value as { close?: unknown }).close;
      if (typeof close !== 'function') continue;
      try {
        await (close as () => unknown).call(value);
      } catch (error) {
        errors.push(error);
      }
    }
    this.created.length = 0;
    this.bindings.length = 0;
    if (this.made) {
      this.made.reset({ strategy: 'resetServices' });
      typedi().Container.reset(this.made.id);
    }
    return errors;
  }

  private record(value: unknown): void {
    if (typeof value !== 'object' || value === null || this.seen.has(value)) return;
    this.seen.add(value);
    this.created.push(value);
  }
}
