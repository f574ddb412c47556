/**
 * The only module that imports typedi. Everything else talks to {@link ScopedContainer}, so the
 * container is replaceable and typedi's global state never leaks between conversations.
 */
import 'reflect-metadata';
import { Container, Inject, Service, Token } from 'typedi';
import type { ContainerInstance } from 'typedi';

export { Inject, Service, Token };

/** A class the container can build. */
export type ServiceClass<T> = new (...args: never[]) => T;

/** Token under which a conversation's {@link ConversationState} is available to executors. */
export const CONVERSATION_STATE = new Token<unknown>('toolwright.conversationState');
/** Token under which the params of the spec being resolved are available to executors. */
export const TOOL_PARAMS = new Token<unknown>('toolwright.toolParams');

let counter = 0;

/**
 * A typedi container owned by one conversation. Instances it builds are its own (two
 * conversations never share a stateful executor); `close()` calls `close()` on each instance it
 * handed out, once, then drops them.
 */
export class ScopedContainer {
  private readonly instance: ContainerInstance;
  private readonly created = new Set<unknown>();
  private closed = false;

  constructor(id: string) {
    this.instance = Container.of(`toolwright:${id}:${++counter}`);
  }

  /** Binds a value to a token or class in this scope. */
  set<T>(token: Token<T> | ServiceClass<T>, value: T): void {
    this.instance.set(token as Token<T>, value);
  }

  /** The scope's instance of `cls` (built on first request, with its dependencies). */
  get<T>(cls: ServiceClass<T> | Token<T>): T {
    const value = this.instance.get(cls as Token<T>);
    this.created.add(value);
    return value;
  }

  /** True once {@link close} ran. */
  get isClosed(): boolean {
    return this.closed;
  }

  /**
   * Calls `close()` on every instance handed out, once each, in reverse order of creation.
   * Every close runs even if one throws; the errors are returned, not thrown.
   */
  async close(): Promise<unknown[]> {
    if (this.closed) return [];
    this.closed = true;
    const errors: unknown[] = [];
    for (const value of [...this.created].reverse()) {
      const close = (value as { close?: unknown } | null)?.close;
      if (typeof close !== 'function') continue;
      try {
        await (close as () => unknown).call(value);
      } catch (error) {
        errors.push(error);
      }
    }
    this.created.clear();
    this.instance.reset({ strategy: 'resetServices' });
    Container.reset(this.instance.id);
    return errors;
  }
}
