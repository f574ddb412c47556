import { isAbsolute, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ToolDefinition } from '@toolwright/sdk';
import { CliError } from '../cli-error.js';

function looksLikePath(specifier: string): boolean {
  return specifier.startsWith('.') || isAbsolute(specifier) || /\.[cm]?[jt]s$/.test(specifier);
}

/**
 * Loads the `--import` modules in order (paths are resolved against `cwd`, other names as
 * packages). A module may register tools in the default registry (`@Tool`, `register`) for a
 * spec to name, and may export `tools`: ready-made ToolDefinitions added to the toolset as they
 * are. Returns those tools; a module that fails to load is a {@link CliError}.
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
