/** Tokens a model reported for one request, or summed over a run. */
export interface Usage {
  /** Prompt (input) tokens. */
  inputTokens: number;
  /** Completion (output) tokens. */
  outputTokens: number;
  /** Total tokens (input + output unless the API says otherwise). */
  totalTokens: number;
}

/** No tokens. */
export function emptyUsage(): Usage {
  return { inputTokens: 0, outputTokens: 0, totalTokens: 0 };
}

/** `a + b`, field by field. */
export function addUsage(a: Usage, b: Usage): Usage {
  return { inputTokens: a.inputTokens + b.inputTokens, outputTokens: a.outputTokens + b.outputTokens, totalTokens: a.totalTokens + b.totalTokens };
}

/** A usage from counts an API may leave out (missing or non-numeric counts are 0). */
export function usageOf(input: unknown, output: unknown, total?: unknown): Usage {
  const n = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
  const inputTokens = n(input);
  const outputTokens = n(output);
  return { inputTokens, outputTokens, totalTokens: total === undefined || typeof total !== 'number' ? inputTokens + outputTokens : n(total) };
}
