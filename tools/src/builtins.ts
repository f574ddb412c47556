/**
 * @toolwright/tools/builtins — the registration of the built-in tools alone: what a process that
 * serves or runs them needs first. Unlike the root entry it does not load the bash safety analysis
 * (the tools load it on their first permission check), so a cold `toolwright serve` lists its
 * tools without it.
 */
export { BUILTIN_PRESETS, BUILTIN_TOOL_NAMES, isBuiltinPreset, registerBuiltinTools } from './register-builtin-tools.js';
export type { BuiltinPreset, RegisterBuiltinToolsOptions } from './register-builtin-tools.js';
