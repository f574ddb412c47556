import { ErrorCode } from '../errors/error-code.js';
import { ToolwrightError } from '../errors/toolwright-error.js';

/** What a completer knows besides the value typed so far: the other arguments (or template variables) already given. */
export interface CompletionContext {
  /** Arguments (prompt) or variables (resource template) the client already resolved. */
  readonly arguments: Readonly<Record<string, string>>;
}

/**
 * Completion of one prompt argument or template variable (`completion/complete`): a fixed list
 * (the client gets the entries that start with what was typed, case-insensitively), or a function
 * of the typed value returning the candidates (used as returned, at most 100 sent).
 */
export type Completer = readonly string[] | ((value: string, context: CompletionContext) => readonly string[] | Promise<readonly string[]>);

/** MCP's limit on the values of one completion answer. */
export const MAX_COMPLETION_VALUES = 100;

/** The candidates for `value`, as MCP's `completion` result (first 100, with the total and `hasMore`). */
export async function complete(completer: Completer | undefined, value: string, context: CompletionContext): Promise<{ values: string[]; total?: number; hasMore?: boolean }> {
  if (completer === undefined) return { values: [] };
  let all: readonly string[];
  if (typeof completer === 'function') {
    all = await completer(value, context);
    if (!Array.isArray(all)) throw new TypeError(`a completer returned ${typeof all}; expected an array of strings.`);
  } else {
    const typed = value.toLowerCase();
    all = completer.filter((candidate) => candidate.toLowerCase().startsWith(typed));
  }
  const values = all.slice(0, MAX_COMPLETION_VALUES).map(String);
  return all.length > MAX_COMPLETION_VALUES ? { values, total: all.length, hasMore: true } : { values, total: all.length, hasMore: false };
}

/**
 * The completers of a prompt or template, checked at definition: each must name a declared
 * argument (`names`) and be a list of strings or a function.
 */
export function checkCompleters(completers: Readonly<Record<string, Completer>> | undefined, names: readonly string[], where: string, what: 'argument' | 'variable'): Readonly<Record<string, Completer>> {
  if (completers === undefined) return {};
  if (typeof completers !== 'object' || completers === null || Array.isArray(completers)) {
    throw new ToolwrightError({ code: ErrorCode.INVALID_DEFINITION, message: `${where}: complete must be an object { <${what}>: string[] | (value) => string[] }.`, details: { where } });
  }
  for (const [name, completer] of Object.entries(completers)) {
    if (!names.includes(name)) {
      throw new ToolwrightError({
        code: ErrorCode.INVALID_DEFINITION,
        message: `${where}: complete names ${what} '${name}', which is not declared; ${what}s: ${names.length > 0 ? names.join(', ') : '(none)'}.`,
        details: { where },
      });
    }
    const ok = typeof completer === 'function' || (Array.isArray(completer) && completer.every((c) => typeof c === 'string'));
    if (!ok) {
      throw new ToolwrightError({ code: ErrorCode.INVALID_DEFINITION, message: `${where}: complete.${name} must be an array of strings or a function (value, context) => string[].`, details: { where } });
    }
  }
  return completers;
}
