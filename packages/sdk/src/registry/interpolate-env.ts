/** `${VAR}` or `${VAR:-default}`; `$${` escapes a literal `${`. */
const REFERENCE = /\$\$\{|\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g;

/** A `${VAR}` with no value and no default. */
export class MissingVariableError extends Error {
  constructor(readonly variable: string) {
    super(`environment variable ${variable} is not set (write \${${variable}:-default} to give a default)`);
  }
}

/** The names of the variables `text` refers to (`${VAR}`, `${VAR:-default}`), in order. */
export function referencedVariables(text: string): string[] {
  const names: string[] = [];
  for (const match of text.matchAll(REFERENCE)) if (match[1] !== undefined) names.push(match[1]);
  return names;
}

/** Replaces `${VAR}` and `${VAR:-default}` in `text` from `env`. Throws {@link MissingVariableError}. */
export function interpolateEnv(text: string, env: NodeJS.ProcessEnv): string {
  return text.replace(REFERENCE, (match, name: string | undefined, fallback: string | undefined) => {
    if (match === '$${') return '${';
    const value = env[name!];
    if (value !== undefined && value !== '') return value;
    if (fallback !== undefined) return fallback;
    throw new MissingVariableError(name!);
  });
}
