import type { ToolCallContext } from './tool-call-context.js';

/**
 * What a prepared call touches, for scheduling. `all` stands for "anything" (a tool that does not
 * say what it touches); `write` is false for read-only tools.
 */
export interface CallAccess {
  /** False for read-only tools. */
  readonly write: boolean;
  /** True when the call may touch anything (its tool declares no resources). */
  readonly all: boolean;
  /** The declared resources of this call (e.g. `file:/abs/path`). */
  readonly resources: ReadonlySet<string>;
}

const NOTHING: ReadonlySet<string> = new Set();

/**
 * The access of a prepared call: read-only tools read, others write; the resources are what the
 * tool declares for this Action (`tool.resourcesOf(action)`), or everything when it declares
 * nothing (or its resources function throws). Undefined for a call that already finished (an
 * error event): it touches nothing.
 */
export function accessOf(ctx: ToolCallContext): CallAccess | undefined {
  const tool = ctx.tool;
  if (ctx.done || !tool || !ctx.action) return undefined;
  const write = tool.annotations.readOnlyHint !== true;
  if (!tool.declaresResources) return { write, all: true, resources: NOTHING };
  try {
    return { write, all: false, resources: new Set(tool.resourcesOf(ctx.action)) };
  } catch {
    return { write, all: true, resources: NOTHING };
  }
}

/** True when two calls must not overlap: at least one writes, and what they touch intersects. */
export function conflicts(a: CallAccess, b: CallAccess): boolean {
  if (!a.write && !b.write) return false;
  if (a.all || b.all) return true;
  const [small, large] = a.resources.size <= b.resources.size ? [a.resources, b.resources] : [b.resources, a.resources];
  for (const resource of small) if (large.has(resource)) return true;
  return false;
}
