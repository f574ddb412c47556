import { isPromiseLike } from '../util/guards.js';

/** A value or a promise of it. */
export type MaybePromise<T> = T | Promise<T>;

/** `fn(value)`, synchronously when `value` is not a promise (resolving stays sync for sync toolsets). */
export function thenMaybe<T, R>(value: MaybePromise<T>, fn: (value: T) => MaybePromise<R>): MaybePromise<R> {
  return isPromiseLike(value) ? Promise.resolve(value).then(fn) : fn(value);
}

/** All of `values`, synchronously when none is a promise. */
export function allMaybe<T>(values: readonly MaybePromise<T>[]): MaybePromise<T[]> {
  return values.some((v) => isPromiseLike(v)) ? Promise.all(values) : (values as T[]);
}
