import { closestMatch } from '../errors/closest-match.js';
import { ErrorCode } from '../errors/error-code.js';
import { ToolwrightError } from '../errors/toolwright-error.js';
import { codecOf } from '../schema/codec.js';
import type { AnyClass } from '../schema/metadata-store.js';
import type { ConversationState } from '../state/conversation-state.js';
import { toolClassMetadataOf } from '../tool/tool-class-metadata.js';
import { ToolDefinition } from '../tool/tool-definition.js';
import { assertToolName } from '../tool/tool-name.js';
import type { ToolSpec } from './tool-spec.js';

/** What a factory may return. */
export type ToolFactoryResult = ToolDefinition[] | ToolDefinition | Promise<ToolDefinition[] | ToolDefinition>;

/** A function that builds tools for a conversation from validated params. */
export type ToolFactory = (state: ConversationState, params: never) => ToolFactoryResult;

/** A ToolDefinition subclass with a `static create` factory (and optionally a usability check). */
export interface ToolClass {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- subclass constructors take any options
  new (...args: any[]): ToolDefinition<any, any>;
  create(state: ConversationState, params: never): ToolFactoryResult;
  /** False (or throwing) when the tool cannot work here, e.g. a binary it needs is missing. */
  isUsable?(): boolean;
}

/** What can be registered under a name. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a fixed tool of any Action/Observation
export type ToolTarget = ToolDefinition<any, any> | ToolClass | ToolFactory;

/** Options of {@link ToolRegistry.register}. */
export interface RegisterOptions {
  /** Replace an existing registration of the same name instead of failing. */
  replace?: boolean;
  /** Params class for a factory (a class's comes from `@Tool({ params })`). */
  params?: AnyClass;
  /** Usability check for a factory. */
  isUsable?: () => boolean;
  /** Description for listings (a class's comes from `@Tool`). */
  description?: string;
}

/** A registry entry as {@link ToolRegistry.list} shows it. */
export interface RegisteredTool {
  name: string;
  kind: 'instance' | 'class' | 'factory';
  description?: string;
  /** The Params class, when the tool takes params. */
  params?: AnyClass;
}

interface Entry extends RegisteredTool {
  target: ToolTarget;
  isUsable?: () => boolean;
}

/** The name `@Tool` recorded for `cls`; a class without `@Tool` must be registered with a name. */
function declaredName(cls: ToolClass): string {
  const meta = typeof cls === 'function' ? toolClassMetadataOf(cls) : undefined;
  if (!meta?.name) {
    throw new ToolwrightError({
      code: ErrorCode.INVALID_DEFINITION,
      message: `register(${typeof cls === 'function' ? cls.name || 'class' : typeof cls}): only a class declared with @Tool can be registered without a name; use register(name, target).`,
    });
  }
  return meta.name;
}

function isToolClass(target: ToolTarget): target is ToolClass {
  return typeof target === 'function' && (target as { prototype?: unknown }).prototype instanceof ToolDefinition;
}

/**
 * Resolves specs (`{ name, params }`) into tools. A name maps to a fixed `ToolDefinition`
 * instance, a `ToolDefinition` subclass with `static create(convState, params)`, or a factory.
 * Registration mistakes throw at once; resolution validates params against the tool's Params class.
 */
export class ToolRegistry {
  private readonly entries = new Map<string, Entry>();

  /** Registers a `@Tool` class under the name its decorator recorded. Throws `DUPLICATE_TOOL` if taken, unless `replace`. */
  register(target: ToolClass, options?: RegisterOptions): this;
  /** Registers `target` under `name`. Throws `DUPLICATE_TOOL` if taken, unless `replace`. */
  register(name: string, target: ToolTarget, options?: RegisterOptions): this;
  register(nameOrClass: string | ToolClass, target?: ToolTarget | RegisterOptions, options: RegisterOptions = {}): this {
    if (typeof nameOrClass !== 'string') return this.register(declaredName(nameOrClass), nameOrClass, (target as RegisterOptions | undefined) ?? {});
    const name = nameOrClass;
    if (target === undefined || (typeof target === 'object' && !(target instanceof ToolDefinition))) {
      throw new ToolwrightError({ code: ErrorCode.INVALID_DEFINITION, message: `register('${name}', target): give the tool instance, class or factory to register under '${name}'.`, details: { name } });
    }
    assertToolName(name);
    if (this.entries.has(name) && !options.replace) {
      throw new ToolwrightError({
        code: ErrorCode.DUPLICATE_TOOL,
        message: `Tool '${name}' is already registered; pass { replace: true } to replace it.`,
        details: { name },
      });
    }
    this.entries.set(name, this.entryFor(name, target as ToolTarget, options));
    return this;
  }

  private entryFor(name: string, target: ToolTarget, options: RegisterOptions): Entry {
    if (target instanceof ToolDefinition) {
      if (!target.executor) {
        throw new ToolwrightError({
          code: ErrorCode.NO_EXECUTOR,
          message: `Tool instance registered as '${name}' has no executor; a fixed instance must be callable.`,
          details: { name },
        });
      }
      if (options.params) {
        throw new ToolwrightError({ code: ErrorCode.INVALID_DEFINITION, message: `Tool '${name}' is a fixed instance; it cannot take a Params class.`, details: { name } });
      }
      return { name, kind: 'instance', target, description: target.description, isUsable: options.isUsable };
    }
    if (isToolClass(target)) {
      if (typeof target.create !== 'function') {
        throw new ToolwrightError({
          code: ErrorCode.INVALID_DEFINITION,
          message: `Tool class ${target.name} (registered as '${name}') has no static create(convState, params).`,
          details: { name },
        });
      }
      const meta = toolClassMetadataOf(target);
      const params = options.params ?? meta?.params;
      if (params) codecOf(params); // a bad Params declaration fails now
      const check = options.isUsable ?? (typeof target.isUsable === 'function' ? () => target.isUsable!() : undefined);
      return { name, kind: 'class', target, params, description: options.description ?? meta?.description, isUsable: check };
    }
    if (typeof target === 'function') {
      if (options.params) codecOf(options.params);
      return { name, kind: 'factory', target, params: options.params, description: options.description, isUsable: options.isUsable };
    }
    throw new ToolwrightError({
      code: ErrorCode.INVALID_DEFINITION,
      message: `Cannot register '${name}': expected a ToolDefinition instance, a ToolDefinition subclass with static create, or a factory function; got ${typeof target}.`,
      details: { name },
    });
  }

  /** True when `name` is registered. */
  has(name: string): boolean {
    return this.entries.has(name);
  }

  /** The registered tools, in registration order. */
  list(): RegisteredTool[] {
    return [...this.entries.values()].map(({ name, kind, description, params }) => ({ name, kind, description, params }));
  }

  /** False when `name` is unknown or its usability check returns false or throws. */
  isUsable(name: string): boolean {
    const entry = this.entries.get(name);
    if (!entry) return false;
    if (!entry.isUsable) return true;
    try {
      return entry.isUsable() === true;
    } catch {
      return false;
    }
  }

  /**
   * The tools a spec stands for, built for `state`. Throws `NOT_REGISTERED` (with the closest
   * name) for an unknown name, `INVALID_PARAMS` for params that do not match, `INVALID_DEFINITION`
   * when a factory returns something other than tools.
   */
  async resolve(spec: ToolSpec, state: ConversationState): Promise<ToolDefinition[]> {
    if (typeof spec !== 'object' || spec === null || typeof spec.name !== 'string') {
      throw new ToolwrightError({ code: ErrorCode.INVALID_SPEC, message: `A tool spec must be an object { name, params? }; got ${JSON.stringify(spec)}.` });
    }
    const entry = this.entries.get(spec.name);
    if (!entry) throw this.notRegistered(spec.name);
    const params = this.validateParams(entry, spec.params);
    if (entry.kind === 'instance') return [entry.target as ToolDefinition];
    const build = entry.kind === 'class' ? (entry.target as ToolClass).create.bind(entry.target) : (entry.target as ToolFactory);
    const produced = await build(state, params as never);
    const tools = Array.isArray(produced) ? produced : [produced];
    for (const tool of tools) {
      if (!(tool instanceof ToolDefinition)) {
        throw new ToolwrightError({
          code: ErrorCode.INVALID_DEFINITION,
          message: `The factory of '${spec.name}' returned ${tool === null ? 'null' : typeof tool} where a ToolDefinition was expected.`,
          details: { name: spec.name },
        });
      }
    }
    return tools;
  }

  private notRegistered(name: string): ToolwrightError {
    const names = [...this.entries.keys()];
    const suggestion = closestMatch(name, names);
    const hint = suggestion ? ` Did you mean '${suggestion}'?` : '';
    return new ToolwrightError({
      code: ErrorCode.NOT_REGISTERED,
      message: `Tool '${name}' is not registered.${hint} Registered: ${names.join(', ') || '(none)'}.`,
      details: { name, registered: names, suggestion },
    });
  }

  private validateParams(entry: Entry, params: unknown): unknown {
    const given = params === undefined || params === null ? undefined : params;
    if (!entry.params) {
      const keys = given && typeof given === 'object' ? Object.keys(given) : [];
      if (given !== undefined && (typeof given !== 'object' || keys.length > 0)) {
        const why = entry.kind === 'instance' ? 'is a fixed instance and takes no params' : 'takes no params';
        throw new ToolwrightError({
          code: ErrorCode.INVALID_PARAMS,
          message: `Tool '${entry.name}' ${why}; got ${keys.length > 0 ? keys.join(', ') : JSON.stringify(given)}.`,
          details: { name: entry.name },
        });
      }
      return undefined;
    }
    const result = codecOf(entry.params).parse(given ?? {});
    if (result.ok) return result.value;
    const lines = result.issues.map((issue) => {
      const path = issue.path === '' ? 'params' : issue.path.startsWith('[') ? `params${issue.path}` : `params.${issue.path}`;
      return `- ${path}: ${issue.problem}`;
    });
    throw new ToolwrightError({
      code: ErrorCode.INVALID_PARAMS,
      message: `Invalid params for tool '${entry.name}':\n${lines.join('\n')}`,
      details: { name: entry.name, issues: result.issues },
    });
  }
}
