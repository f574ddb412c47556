/**
 * The values generated validator code refers to, passed in as arguments (`r0`, `r1`…) rather than
 * written into the source, and fresh local names. Shared by the generators of `compile-parser.ts`
 * and `compile-schema-check.ts`: nothing of a schema reaches generated source except as JSON
 * literals or as one of these arguments.
 */
export class CodeRefs {
  readonly values: unknown[] = [];
  private next = 0;

  /** The argument name under which the generated function receives `value`. */
  ref(value: unknown): string {
    this.values.push(value);
    return `r${this.values.length - 1}`;
  }

  /** A fresh local name. */
  local(prefix: string): string {
    return `${prefix}${this.next++}`;
  }
}
