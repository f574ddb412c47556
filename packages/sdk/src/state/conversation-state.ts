import { isAbsolute, join, resolve } from 'node:path';
import { CONVERSATION_STATE, ScopedContainer } from '../di/container.js';
import type { ServiceClass } from '../di/container.js';
import { ErrorCode } from '../errors/error-code.js';
import { ToolwrightError } from '../errors/toolwright-error.js';

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

/**
 * One conversation: its id, working directory, state directory and the scoped DI container its
 * executors come from. Closing it closes every executor it created, once.
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
   * The conversation's instance of a `@Service()` class, built on first request. With `params`,
   * the instance is the one for those params (bound to the `TOOL_PARAMS` token): equal params
   * share an instance, different params get their own.
   */
  getService<T>(cls: ServiceClass<T>, params?: unknown): T {
    if (this.container.isClosed) {
      throw new ToolwrightError({
        code: ErrorCode.CLOSED,
        message: `Conversation '${this.id}' is closed; its services can no longer be resolved.`,
      });
    }
    return params === undefined ? this.container.get(cls) : this.container.getWithParams(cls, params);
  }

  /** Resolves `path` against the working directory (absolute paths are kept). */
  resolvePath(path: string): string {
    return isAbsolute(path) ? resolve(path) : resolve(this.workingDir, path);
  }

  /** True once {@link close} ran. */
  get isClosed(): boolean {
    return this.container.isClosed;
  }

  /** Closes every executor the conversation created, once; returns their errors (never throws). */
  close(): Promise<unknown[]> {
    return this.container.close();
  }
}
