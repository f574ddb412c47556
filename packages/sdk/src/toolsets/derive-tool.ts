import type { ToolDefinition } from '../tool/tool-definition.js';
import type { ToolPermissions } from '../policy/tool-permissions.js';
import type { ToolMiddleware } from '../tool/tool-middleware.js';
import { assertToolName } from '../tool/tool-name.js';
import { ORIGINAL_NAME } from './original-name.js';

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
 * its own export cache and middleware list). A new name keeps the old one visible to
 * `originalNameOf`. Throws `INVALID_DEFINITION` for an invalid new name.
 */
export function deriveTool(tool: ToolDefinition, changes: ToolChanges): ToolDefinition {
  if (changes.name !== undefined) assertToolName(changes.name);
  // Copy every field first, then overwrite in place: the copy keeps one shape (no per-change
  // property order), which is about twice as fast as assigning an overrides object with it.
  const copy = Object.assign(Object.create(Object.getPrototypeOf(tool) as object) as ToolDefinition, tool);
  const fields = copy as unknown as Record<string | symbol, unknown>;
  // Its own export cache, made on its first export.
  fields.exportCache = undefined;
  const outer = changes.outerMiddleware;
  fields.middleware = outer && outer.length > 0 ? [...outer, ...tool.middleware] : [...tool.middleware];
  if (changes.name !== undefined && changes.name !== tool.name) {
    fields[ORIGINAL_NAME] ??= tool.name;
    fields.name = changes.name;
  }
  if (changes.description !== undefined) fields.description = changes.description;
  const permissions = changes.permissions;
  if (permissions !== undefined) {
    fields.permissions = permissions;
    fields.coveredByAllowRules = permissions.coveredByAllowRules?.bind(permissions);
  }
  return copy;
}

/**
 * Derived tools remembered per source tool and key, for derivations whose result depends on more
 * than the source tool (a collision prefix, a server's naming scheme): the same object for the
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
