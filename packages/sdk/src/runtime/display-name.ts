const MAX_SHOWN = 64;

/** A model-sent name made safe to quote in a message: control characters escaped, at most 64 characters. */
export function displayName(name: string): string {
  const escaped = JSON.stringify(name.slice(0, MAX_SHOWN * 2)).slice(1, -1).replace(/\\"/g, '"');
  return escaped.length > MAX_SHOWN || name.length > MAX_SHOWN * 2 ? `${escaped.slice(0, MAX_SHOWN)}… (${name.length} characters)` : escaped;
}

/** `a, b, c` with at most `limit` names, then `… and N more`. */
export function listNames(names: readonly string[], limit = 50): string {
  if (names.length === 0) return '(none)';
  if (names.length <= limit) return names.join(', ');
  return `${names.slice(0, limit).join(', ')}, … and ${names.length - limit} more`;
}
