import { defaultRegistry } from '@toolwright/sdk';
import type { ToolClass, ToolRegistry } from '@toolwright/sdk';
import { FileEditorTool } from './file_editor/definition.js';
import { FinishTool } from './finish/definition.js';
import { GlobTool } from './glob/definition.js';
import { GrepTool } from './grep/definition.js';
import { TaskTrackerTool } from './task_tracker/definition.js';
import { TerminalTool } from './terminal/definition.js';
import { ThinkTool } from './think/definition.js';

/** The built-in tools, by registered name. */
const BUILTIN_TOOLS: ReadonlyArray<readonly [string, ToolClass]> = [
  ['terminal', TerminalTool],
  ['file_editor', FileEditorTool],
  ['glob', GlobTool],
  ['grep', GrepTool],
  ['task_tracker', TaskTrackerTool],
  ['finish', FinishTool],
  ['think', ThinkTool],
];

/** The names `registerBuiltinTools` registers. */
export const BUILTIN_TOOL_NAMES: readonly string[] = Object.freeze(BUILTIN_TOOLS.map(([name]) => name));


/**
 * Registers the built-in tools in `registry` (default: `defaultRegistry`, where `@Tool` already put
 * them on import). A name that is already registered is left as it is, so calling this twice, or
 * after a user registered their own tool under a built-in name, is safe.
 */
export function registerBuiltinTools(registry: ToolRegistry = defaultRegistry): ToolRegistry {
  for (const [name, target] of BUILTIN_TOOLS) {
    if (!registry.has(name)) registry.register(name, target);
  }
  return registry;
}
