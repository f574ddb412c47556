import { ExportCache } from '../tool/export-cache.js';
import type { ToolDefinition } from '../tool/tool-definition.js';
import type { ToolPermissions } from '../policy/tool-permissions.js';
import type { ToolMiddleware } from '../tool/tool-middleware.js';
import { assertToolName } from '../tool/tool-name.js';

/** What a derived tool changes. */
export interface ToolChanges {
  /** Another model-facing name (the MCP call still uses the server's name). */
  name?: string;
  /** Another description. */
  description?: string;
  /** Other permissions (wrap the tool's own: see {@link ToolDefinition.checkPermissions}). */
  permissions?: ToolPermissions;
  /** Middleware added outside the tool's own. */
  outerMiddleware?: ToolMiddleware[];
}

/**
 * A copy of `tool` with `changes` (same executor, Action, annotations, resources and time limit;
 * its own export cache). Throws `INVALID_DEFINITION` for an invalid new name.
 */
export function deriveTool(tool: ToolDefinition, changes: ToolChanges): ToolDefinition {
  if (changes.name !== undefined) assertToolName(changes.name);
  const copy = Object.create(Object.getPrototypeOf(tool) as object) as ToolDefinition;
  const overrides: Record<string, unknown> = { exportCache: new ExportCache(), middleware: [...(changes.outerMiddleware ?? []), ...tool.middleware] };
  if (changes.name !== undefined) overrides.name = changes.name;
  if (changes.description !== undefined) overrides.description = changes.description;
  if (changes.permissions !== undefined) {
    overrides.permissions = changes.permissions;
    overrides.coveredByAllowRules = changes.permissions.coveredByAllowRules?.bind(changes.permissions);
  }
  Object.assign(copy, tool, overrides);
  return copy;
}

/**
 * Derived tools remembered per source tool and key, so a wrapper gives the same object for the
 * same inner tool every turn (exports stay cached; the view can tell nothing changed).
 */
export class DerivedTools {
  private readonly byTool = new WeakMap<ToolDefinition, Map<string, ToolDefinition>>();

  /** The derived tool of `tool` for `key`, made by `make` on first need. */
  get(tool: ToolDefinition, key: string, make: () => ToolDefinition): ToolDefinition {
    let map = this.byTool.get(tool);
    if (!map) this.byTool.set(tool, (map = new Map()));
    let derived = map.get(key);
    if (!derived) map.set(key, (derived = make()));
    return derived;
  }
}
