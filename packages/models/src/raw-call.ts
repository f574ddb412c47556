import type { ModelToolCall } from './model-turn.js';

/** A tool call as read from an API, before ids and problems are settled. */
export interface RawCall {
  /** The id the model gave, if any. */
  id?: unknown;
  /** The name the model gave, if any. */
  name?: unknown;
  /** The arguments: JSON text, or an object (Anthropic and Gemini send objects). */
  arguments?: unknown;
  /** True when the stream ended before the call was complete. */
  truncated?: boolean;
}

/** Options of {@link settleCalls}. */
export interface SettleOptions {
  /** True when the API lets a call leave out its id (Gemini): a missing id is then made up, not a problem. */
  idOptional?: boolean;
  /** Prefix of made-up ids. */
  idPrefix?: string;
}

function argumentText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined || value === null) return '{}';
  try {
    return JSON.stringify(value) ?? '{}';
  } catch {
    return '{}';
  }
}

/**
 * Turns raw calls into {@link ModelToolCall}s with unique ids, marking what cannot run: no tool
 * name, no id (where the API requires one), an id used twice (the later call gets a new id), and
 * arguments cut off by the end of a stream.
 */
export function settleCalls(raw: readonly RawCall[], options: SettleOptions = {}): ModelToolCall[] {
  const prefix = options.idPrefix ?? 'toolwright_call_';
  const seen = new Set<string>();
  const out: ModelToolCall[] = [];
  raw.forEach((call, index) => {
    const name = typeof call.name === 'string' ? call.name : '';
    const problems: string[] = [];
    let id = typeof call.id === 'string' && call.id !== '' ? call.id : '';
    if (id === '') {
      id = `${prefix}${index + 1}`;
      if (!options.idOptional) problems.push('the call has no id; every tool call needs a unique id');
    } else if (seen.has(id)) {
      const original = id;
      let n = 2;
      while (seen.has(`${original}_${n}`)) n++;
      id = `${original}_${n}`;
      problems.push(`the call reuses the id ${JSON.stringify(original)} of an earlier call in the same response; every tool call needs a unique id`);
    }
    while (seen.has(id)) id = `${id}_`;
    seen.add(id);
    if (name === '') problems.push('the call names no tool; set the name to one of the tools offered');
    if (call.truncated) problems.push('the response ended before the arguments of this call were complete (they were cut off)');
    const settled: ModelToolCall = { id, name, arguments: argumentText(call.arguments) };
    if (problems.length > 0) settled.problem = `Tool call ${JSON.stringify(id)}${name ? ` of tool ${JSON.stringify(name)}` : ''} was not run: ${problems.join('; ')}. Call the tool again with a complete, well-formed call.`;
    out.push(settled);
  });
  return out;
}

/** The arguments as an object when they parse to one, else `{}` (for APIs whose messages hold objects). */
export function argumentsObject(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** True when `text` is complete JSON. */
export function isCompleteJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
