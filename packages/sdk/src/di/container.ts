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

/** A stable key for params (equal JSON → equal key); unserialisable params get a key of their own. */
function paramsKey(params: unknown): string {
  try {
    return JSON.stringify(params) ?? 'undefined';
  } catch {
    return `unique:${++counter}`;
  }
}

/**
 * A typedi container owned by one conversation. Instances it builds are its own (two
 * conversations never share a stateful executor); `close()` calls `close()` on each instance it
 * handed out, once, then drops them. Services requested with params live in a sub-scope per
 * distinct params, so two specs of one tool with different params get different executors,
 * while equal params share one.
 */
export class ScopedContainer {
  private readonly instance: ContainerInstance;
  private readonly bindings = new Map<Token<unknown> | ServiceClass<unknown>, unknown>();
  private readonly paramScopes = new Map<string, ContainerInstance>();
  private readonly created = new Set<unknown>();
  private closed = false;

  constructor(private readonly id: string) {
    this.instance = Container.of(`toolwright:${id}:${++counter}`);
    // Services built without params still resolve the token (to undefined).
    this.instance.set(TOOL_PARAMS, undefined);
  }

  /** Binds a value to a token or class in this scope (and in its params sub-scopes). */
  set<T>(token: Token<T> | ServiceClass<T>, value: T): void {
    this.bindings.set(token as Token<unknown>, value);
    this.instance.set(token as Token<T>, value);
    for (const scope of this.paramScopes.values()) scope.set(token as Token<T>, value);
  }

  /** The scope's instance of `cls` (built on first request, with its dependencies). */
  get<T>(cls: ServiceClass<T> | Token<T>): T {
    const value = this.instance.get(cls as Token<T>);
    this.created.add(value);
    return value;
  }

  /**
   * The instance of `cls` for these params: built on first request in a sub-scope where the
   * `TOOL_PARAMS` token is `params`; the same params give the same instance.
   */
  getWithParams<T>(cls: ServiceClass<T>, params: unknown): T {
    const key = paramsKey(params);
    let scope = this.paramScopes.get(key);
    if (!scope) {
      scope = Container.of(`toolwright:${this.id}:${++counter}:params`);
      for (const [token, value] of this.bindings) scope.set(token as Token<unknown>, value);
      scope.set(TOOL_PARAMS, params);
      this.paramScopes.set(key, scope);
    }
    const value = scope.get(cls as unknown as Token<T>);
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
    for (const scope of [this.instance, ...this.paramScopes.values()]) {
      scope.reset({ strategy: 'resetServices' });
      Container.reset(scope.id);
    }
    this.paramScopes.clear();
    return errors;
  }
}
