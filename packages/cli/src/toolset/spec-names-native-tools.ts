import { readFile } from 'node:fs/promises';

/** Whether a list from a spec (its `tools`, a toolset's `tools`) has any entry. */
function hasEntries(value: unknown): boolean {
  return Array.isArray(value) ? value.length > 0 : value !== undefined && value !== null;
}

/**
 * Whether the agent spec at `path` may name a native tool: its `tools`, or the `tools` of one of
 * its `toolsets`, has an entry. Only a JSON spec that names none is opened without the built-in
 * tools loaded (a YAML spec is not parsed twice: it answers `true`). Anything unclear (the file
 * cannot be read or parsed, the shape is not what a spec has) answers `true`: `loadAgentSpec` then
 * reads it with every built-in tool registered, as before, and reports the mistake.
 */
export async function specNamesNativeTools(path: string): Promise<boolean> {
  if (!/\.json$/i.test(path)) return true;
  try {
    const raw: unknown = JSON.parse(await readFile(path, 'utf8'));
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return true;
    const { tools, toolsets } = raw as { tools?: unknown; toolsets?: unknown };
    if (hasEntries(tools)) return true;
    if (toolsets === undefined || toolsets === null) return false;
    if (!Array.isArray(toolsets)) return true;
    return toolsets.some((toolset: unknown) => typeof toolset !== 'object' || toolset === null || hasEntries((toolset as { tools?: unknown }).tools));
  } catch {
    return true;
  }
}
