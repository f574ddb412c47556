/**
 * The only module that imports typedi. Everything else talks to {@link ScopedContainer}, so the
 * container is replaceable and typedi's global state never leaks between conversations.
 */
import 'reflect-metadata';
import { Container, Inject, Service, Token } from 'typedi';
import type { ContainerInstance } from 'typedi';
import { ErrorCode } from '../errors/error-code.js';
import { ToolwrightError } from '../errors/toolwright-error.js';

export { Inject, Service, Token };

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
  private readonly instance: ContainerInstance;
  private readonly created: object[] = [];
  private readonly seen = new WeakSet<object>();
  private closed = false;

  constructor(id: string) {
    this.instance = Container.of(`toolwright:${id}:${++counter}`);
    // Record each value typedi builds in this scope, when its construction finishes (so a
    // dependency is recorded before the service that needed it).
    const builder = this.instance as unknown as ValueBuilder;
    const build = builder.getServiceValue.bind(this.instance);
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
  }

  /** Binds a value to a token or class in this scope. Bound values are the caller's: never closed here. */
  set<T>(token: Token<T> | ServiceClass<T>, value: T): void {
    if (typeof value === 'object' && value !== null) this.seen.add(value);
    this.instance.set(token as Token<T>, value);
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
    this.instance.reset({ strategy: 'resetServices' });
    Container.reset(this.instance.id);
    return errors;
  }

  private record(value: unknown): void {
    if (typeof value !== 'object' || value === null || this.seen.has(value)) return;
    this.seen.add(value);
    this.created.push(value);
  }
}
