import { defaultRegistry, ErrorCode, ToolwrightError } from '@toolwright/sdk';
import type { ToolClass, ToolRegistry } from '@toolwright/sdk';
import { BashTool } from './bash/definition.js';
import { EditTool } from './edit/definition.js';
import { FileEditorTool } from './file_editor/definition.js';
import { FinishTool } from './finish/definition.js';
import { GlobTool } from './glob/definition.js';
import { GrepTool } from './grep/definition.js';
import { ReadTool } from './read/definition.js';
import { TaskCreateTool, TaskGetTool, TaskListTool, TaskUpdateTool } from './tasks/definition.js';
import { TaskTrackerTool } from './task_tracker/definition.js';
import { TerminalTool } from './terminal/definition.js';
import { ThinkTool } from './think/definition.js';
import { WriteTool } from './write/definition.js';

/** The built-in tools, by registered name. */
const BUILTIN_TOOLS: ReadonlyArray<readonly [string, ToolClass]> = [
  ['terminal', TerminalTool],
  ['file_editor', FileEditorTool],
  ['glob', GlobTool],
  ['grep', GrepTool],
  ['task_tracker', TaskTrackerTool],
  ['finish', FinishTool],
  ['think', ThinkTool],
  ['bash', BashTool],
  ['read', ReadTool],
  ['write', WriteTool],
  ['edit', EditTool],
  ['task_create', TaskCreateTool],
  ['task_get', TaskGetTool],
  ['task_list', TaskListTool],
  ['task_update', TaskUpdateTool],
];

/** The built-in tool sets: OpenHands-style, Claude-Code-style, or every built-in tool. */
export const BUILTIN_PRESETS = Object.freeze({
  openhands: Object.freeze(['terminal', 'file_editor', 'glob', 'grep', 'task_tracker', 'finish', 'think']),
  claude: Object.freeze(['bash', 'read', 'write', 'edit', 'glob', 'grep', 'task_create', 'task_get', 'task_list', 'task_update']),
  all: Object.freeze(BUILTIN_TOOLS.map(([name]) => name)),
} as const satisfies Record<string, readonly string[]>);

/** The name of a built-in tool set: `openhands`, `claude` or `all`. */
export type BuiltinPreset = keyof typeof BUILTIN_PRESETS;

/** True when `value` names a built-in tool set. */
export function isBuiltinPreset(value: unknown): value is BuiltinPreset {
  return typeof value === 'string' && Object.hasOwn(BUILTIN_PRESETS, value);
}

/** The names `registerBuiltinTools` registers by default (the OpenHands-style set). */
export const BUILTIN_TOOL_NAMES: readonly string[] = BUILTIN_PRESETS.openhands;

/** Options of {@link registerBuiltinTools}. */
export interface RegisterBuiltinToolsOptions {
  /** Which tools: `openhands` (default: terminal, file_editor, …), `claude` (bash, read, write, edit, glob, grep, task_*), or `all`. */
  preset?: BuiltinPreset;
  /** Where to register (default: `defaultRegistry`). */
  registry?: ToolRegistry;
}

/**
 * Registers a set of built-in tools in a registry (default: `defaultRegistry`; importing this
 * package registers nothing, `@Tool` only records metadata). A name that is already registered
 * is left as it is, so calling this twice, or after a user registered their own tool under a
 * built-in name, is safe. Called as `registerBuiltinTools(registry?)` or
 * `registerBuiltinTools({ preset, registry })`; an unknown preset throws `INVALID_PARAMS`.
 */
export function registerBuiltinTools(target?: ToolRegistry | RegisterBuiltinToolsOptions, options: RegisterBuiltinToolsOptions = {}): ToolRegistry {
  const merged: RegisterBuiltinToolsOptions = target === undefined || isRegistry(target) ? { ...options, registry: target ?? options.registry } : target;
  const preset = merged.preset ?? 'openhands';
  if (!isBuiltinPreset(preset)) {
    throw new ToolwrightError({
      code: ErrorCode.INVALID_PARAMS,
      message: `Unknown built-in tool preset '${String(preset)}'. Presets: ${Object.keys(BUILTIN_PRESETS).join(', ')}.`,
      details: { preset },
    });
  }
  const registry = merged.registry ?? defaultRegistry;
  const wanted = new Set<string>(BUILTIN_PRESETS[preset]);
  for (const [name, tool] of BUILTIN_TOOLS) {
    if (wanted.has(name) && !registry.has(name)) registry.register(name, tool);
  }
  return registry;
}

function isRegistry(value: ToolRegistry | RegisterBuiltinToolsOptions): value is ToolRegistry {
  return typeof (value as ToolRegistry).register === 'function';
}
