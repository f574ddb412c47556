import 'reflect-metadata';
import { ErrorCode } from '../errors/error-code.js';
import { ToolwrightError } from '../errors/toolwright-error.js';
import type { ActionClass } from '../tool/action.js';
import { Action } from '../tool/action.js';

/** Options of {@link ToolMethod}. */
export interface ToolMethodOptions {
  /** What the tool does, for the model. */
  description: string;
  /** Tool name (default: the method's name in snake_case). */
  name?: string;
  /** True: the tool only reads. Default false: permission asks. */
  readOnly?: boolean;
  /** True: calls may run at the same time as any other call. */
  concurrencySafe?: boolean;
}

/** One decorated method, as recorded. */
export interface ToolMethodRecord extends ToolMethodOptions {
  /** The method's property name. */
  method: string;
  /** Its single parameter's type (read from `design:paramtypes`). */
  action: ActionClass;
}

const STORE = new WeakMap<object, ToolMethodRecord[]>();

/** The decorated methods of `cls` and its base classes (base first; a redeclared method counts once). */
export function toolMethodsOf(cls: abstract new (...args: never[]) => unknown): ToolMethodRecord[] {
  const chain: object[] = [];
  for (let proto: unknown = cls.prototype; proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto)) chain.unshift(proto as object);
  const byMethod = new Map<string, ToolMethodRecord>();
  for (const proto of chain) for (const record of STORE.get(proto) ?? []) byMethod.set(record.method, record);
  return [...byMethod.values()];
}

/**
 * Marks a method as a tool. The method takes one parameter whose type is an Action class (read
 * from `design:paramtypes`, so `emitDecoratorMetadata` must be on) and may take the call's
 * `ToolContext` second. Records metadata only; `methodToolset(cls)` builds the tools. Throws
 * `INVALID_DEFINITION` when the parameter type is not an Action class.
 */
export function ToolMethod(options: ToolMethodOptions): MethodDecorator {
  return (target, key) => {
    const method = String(key);
    const types = Reflect.getMetadata('design:paramtypes', target, key) as unknown[] | undefined;
    const action = types?.[0];
    const where = `${(target as { constructor: { name: string } }).constructor.name}.${method}`;
    if (typeof action !== 'function' || !(action.prototype instanceof Action)) {
      throw new ToolwrightError({
        code: ErrorCode.INVALID_DEFINITION,
        message: `@ToolMethod ${where}: its first parameter must be typed with an Action class (got ${types === undefined ? 'no design:paramtypes; enable emitDecoratorMetadata' : typeof action === 'function' ? action.name : String(action)}).`,
      });
    }
    if (typeof options?.description !== 'string' || options.description.trim() === '') {
      throw new ToolwrightError({ code: ErrorCode.INVALID_DEFINITION, message: `@ToolMethod ${where} needs a description.` });
    }
    const list = STORE.get(target) ?? [];
    list.push({ ...options, method, action: action as ActionClass });
    STORE.set(target, list);
  };
}
