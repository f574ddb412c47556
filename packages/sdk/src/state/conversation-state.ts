import { isAbsolute, join, resolve } from 'node:path';
import { CONVERSATION_STATE, ScopedContainer } from '../di/container.js';
import type { ServiceClass } from '../di/container.js';
import { ErrorCode } from '../errors/error-code.js';
import { ToolwrightError } from '../errors/toolwright-error.js';
import { ConversationSecrets } from '../secrets/conversation-secrets.js';

/** Options of {@link ConversationState}. */
export interface ConversationStateOptions {
  /** Stable id; a random UUID when absent. Reuse an id to find a conversation's persisted state. */
  id?: string;
  /** The directory tools work in (absolute, or resolved against `process.cwd()`). */
  workingDir: string;
  /**
   * Where tools persist this conversation's state (task lists, saved outputs).
   * Default: `<workingDir>/.toolwright/conversations/<id>`.
   */
  stateDir?: string;
}

/** An executor class built from a conversation and its tool's params (see {@link ConversationState.createExecutor}). */
export type ExecutorClass<T, P> = new (state: ConversationState, params: P) => T;

/**
 * One conversation: its id, working directory, state directory and the scoped DI container its
 * executors and services come from. Closing it closes every executor and service it created,
 * once, in reverse creation order.
 */
export class ConversationState {
  /** The conversation id. */
  readonly id: string;
  /** Absolute working directory. */
  readonly workingDir: string;
  /** Absolute directory for persisted per-conversation state. */
  readonly stateDir: string;
  /** The conversation's own container; executors are resolved from it. */
  readonly container: ScopedContainer;
  /** Values this conversation knows to be secret (`state.secrets.add(token, 'GITHUB_TOKEN')`): masked in every sink until it closes. */
  readonly secrets = new ConversationSecrets();

  constructor(options: ConversationStateOptions) {
    if (typeof options?.workingDir !== 'string' || options.workingDir === '') {
      throw new ToolwrightError({
        code: ErrorCode.INVALID_DEFINITION,
        message: 'ConversationState needs a workingDir (a directory path string).',
      });
    }
    this.id = options.id ?? globalThis.crypto.randomUUID();
    this.workingDir = resolve(options.workingDir);
    this.stateDir = options.stateDir
      ? resolve(this.workingDir, options.stateDir)
      : join(this.workingDir, '.toolwright', 'conversations', this.id);
    this.container = new ScopedContainer(this.id);
    this.container.set(CONVERSATION_STATE, this);
  }

  /**
   * The conversation's instance of a `@Service()` class, built on first request with its
   * dependencies; every executor and service that asks for it gets the same one (see
   * {@link ScopedContainer}). It is closed with the conversation.
   */
  getService<T>(cls: ServiceClass<T>): T {
    this.assertOpen();
    return this.container.get(cls);
  }

  /**
   * {@link getService} deferred: checks now that the conversation is open (the `CLOSED` error
   * `getService` would throw here), and returns a function that gets the service when first called
   * (built then, with its dependencies; the same instance afterwards, as `getService` gives). For a
   * tool's `lazyExecutor`: listing tools then builds no service and does not load the DI container.
   */
  lazyService<T>(cls: ServiceClass<T>): () => T {
    this.assertOpen();
    return () => this.getService(cls);
  }

  /**
   * Builds an executor with its params — `new cls(this, params)` — and closes it with the
   * conversation (before the services it asked for in its constructor). Each call builds a new one.
   */
  createExecutor<T extends object, P>(cls: ExecutorClass<T, P>, params: P): T {
    this.assertOpen();
    return this.container.adopt(new cls(this, params));
  }

  /** Resolves `path` against the working directory (absolute paths are kept). */
  resolvePath(path: string): string {
    return isAbsolute(path) ? resolve(path) : resolve(this.workingDir, path);
  }

  /** True once {@link close} ran. */
  get isClosed(): boolean {
    return this.container.isClosed;
  }

  private assertOpen(): void {
    if (this.container.isClosed) {
      throw new ToolwrightError({
        code: ErrorCode.CLOSED,
        message: `Conversation '${this.id}' is closed; its services can no longer be resolved.`,
      });
    }
  }

  /** Closes every executor and service the conversation created, once, newest first; returns their errors (never throws). */
  close(): Promise<unknown[]> {
    const closed = this.container.close();
    this.secrets.clear();
    return closed;
  }
}
