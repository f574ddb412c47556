import { ErrorCode } from '../errors/error-code.js';
import { ToolwrightError } from '../errors/toolwright-error.js';
import type { Observation } from '../tool/observation.js';
import type { CallContext } from './call-context.js';

/**
 * A pre hook: runs before the tool with the call's arguments and the call's metadata (one object
 * per call, shared by every hook). Return new arguments to rewrite them (they are validated again
 * into a new Action); return nothing to keep them. Throwing stops the call with an error
 * Observation naming the hook.
 */
export type PreHook = (
  ctx: CallContext,
  args: Readonly<Record<string, unknown>>,
  metadata: Record<string, unknown>,
) => Record<string, unknown> | void | Promise<Record<string, unknown> | void>;

/**
 * A post hook: runs after the tool with the result, which is the error itself when the call
 * failed (a thrown value, a timeout, an earlier hook's error). Return an Observation to replace the
 * result (a recovery, when it was an error), an Error to fail the call, or nothing to keep it.
 */
export type PostHook = (
  ctx: CallContext,
  result: Observation | Error,
  metadata: Record<string, unknown>,
) => Observation | Error | void | Promise<Observation | Error | void>;

/** Pre and post hooks, one function or several (run in order). */
export interface HookPair {
  pre?: PreHook | PreHook[];
  post?: PostHook | PostHook[];
}

/**
 * The call hooks of an agent (pai-agent-sdk's order): global pre → the tool's pre → the tool →
 * the tool's post → global post.
 */
export interface CallHooks extends HookPair {
  /** Hooks of one tool, by tool name. */
  tools?: Record<string, HookPair>;
}

/** A hook with the name error messages use. */
export interface NamedHook<F> {
  readonly fn: F;
  /** `global pre hook 'redact'`, `pre hook #2 of tool 'grep'`, … */
  readonly label: string;
  /** True for a global hook (its label does not name the tool). */
  readonly global: boolean;
}

/** The hooks checked and labelled, ready for the hooks phase. */
export interface CompiledHooks {
  readonly pre: readonly NamedHook<PreHook>[];
  readonly post: readonly NamedHook<PostHook>[];
  readonly tools: ReadonlyMap<string, { pre: readonly NamedHook<PreHook>[]; post: readonly NamedHook<PostHook>[] }>;
}

function invalid(message: string): ToolwrightError {
  return new ToolwrightError({ code: ErrorCode.INVALID_SPEC, message });
}

function compileList<F>(value: F | F[] | undefined, tool: string | undefined, kind: 'pre' | 'post'): NamedHook<F>[] {
  if (value === undefined) return [];
  const list = Array.isArray(value) ? value : [value];
  const where = tool === undefined ? '' : `.tools[${JSON.stringify(tool)}]`;
  return list.map((fn, i) => {
    if (typeof fn !== 'function') throw invalid(`hooks${where}.${kind}${Array.isArray(value) ? `[${i}]` : ''} must be a function, got ${fn === null ? 'null' : typeof fn}.`);
    const name = (fn as { name?: unknown }).name;
    const who = typeof name === 'string' && name !== '' && name !== kind ? `'${name}'` : `#${i + 1}`;
    return { fn, global: tool === undefined, label: tool === undefined ? `global ${kind} hook ${who}` : `${kind} hook ${who} of tool '${tool}'` };
  });
}

/** Checks `hooks` (each a function) and labels them; throws `INVALID_SPEC` with the path of a bad entry. */
export function compileHooks(hooks: CallHooks | undefined): CompiledHooks | undefined {
  if (hooks === undefined) return undefined;
  if (typeof hooks !== 'object' || hooks === null) throw invalid('hooks must be an object { pre?, post?, tools? }.');
  const tools = new Map<string, { pre: NamedHook<PreHook>[]; post: NamedHook<PostHook>[] }>();
  for (const [name, pair] of Object.entries(hooks.tools ?? {})) {
    if (typeof pair !== 'object' || pair === null) throw invalid(`hooks.tools[${JSON.stringify(name)}] must be an object { pre?, post? }.`);
    tools.set(name, { pre: compileList(pair.pre, name, 'pre'), post: compileList(pair.post, name, 'post') });
  }
  const compiled = { pre: compileList(hooks.pre, undefined, 'pre'), post: compileList(hooks.post, undefined, 'post'), tools };
  const empty = compiled.pre.length + compiled.post.length === 0 && [...tools.values()].every((t) => t.pre.length + t.post.length === 0);
  return empty ? undefined : compiled;
}
