import { isAbsolute, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { defaultRegistry, toolClassMetadataOf, ToolDefinition } from '@toolwright/sdk';
import type { ToolClass } from '@toolwright/sdk';
import { CliError } from '../cli-error.js';

function looksLikePath(specifier: string): boolean {
  return specifier.startsWith('.') || isAbsolute(specifier) || /\.[cm]?[jt]s$/.test(specifier);
}

/**
 * Loads the `--import` modules in order (paths are resolved against `cwd`, other names as
 * packages). The `@Tool` classes a module exports are registered in the default registry (under
 * their declared names, unless the module registered that name itself) for a spec to name; a
 * module may also export `tools`: ready-made ToolDefinitions added to the toolset as they are.
 * Returns those tools; a module that fails to load is a {@link CliError}.
 */
export async function importToolModules(specifiers: readonly string[], cwd: string): Promise<ToolDefinition[]> {
  const tools: ToolDefinition[] = [];
  for (const specifier of specifiers) {
    const target = looksLikePath(specifier) ? pathToFileURL(resolve(cwd, specifier)).href : specifier;
    let mod: Record<string, unknown>;
    try {
      mod = (await import(target)) as Record<string, unknown>;
    } catch (error) {
      throw new CliError({
        message: `--import ${specifier}: cannot load the module (${(error as Error)?.message ?? String(error)}).`,
        hint: 'Expected a path to an ES module (.js/.mjs) or an installed package name.',
        cause: error,
      });
    }
    registerToolClasses(mod);
    if (mod.tools === undefined) continue;
    const list: unknown[] = Array.isArray(mod.tools) ? mod.tools : [mod.tools];
    const bad = list.findIndex((t) => !(t instanceof ToolDefinition));
    if (bad >= 0) {
      throw new CliError({ message: `--import ${specifier}: export 'tools' must be an array of ToolDefinition; item ${bad} is not one.` });
    }
    tools.push(...(list as ToolDefinition[]));
  }
  return tools;
}

/** Registers each exported `@Tool` class whose declared name is still free in the default registry. */
function registerToolClasses(mod: Record<string, unknown>): void {
  for (const value of Object.values(mod)) {
    if (typeof value !== 'function' || !(value.prototype instanceof ToolDefinition)) continue;
    const name = toolClassMetadataOf(value)?.name;
    if (name && !defaultRegistry.has(name)) defaultRegistry.register(value as ToolClass);
  }
}
