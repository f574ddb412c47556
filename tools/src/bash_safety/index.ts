export type { BashAnalysis } from './bash-analysis.js';
export {
  FILESYSTEM_EDIT_COMMANDS,
  INJECTION_NODE_TYPES,
  READ_ONLY_PREFIXES,
  SAFE_COMMANDS,
} from './bash-lists.js';
export { loadBashParser } from './bash-parser.js';
export { bashCoveredByAllowRules, bashRuleMatchesAny, bashRuleMatchesText, MAX_BASH_SUGGESTIONS, suggestBashRules } from './bash-rules.js';
export { BashSafety } from './bash-safety.js';
export type { BashCommandContext, BashSafetyOptions } from './bash-safety.js';
export type { BashPermissionMode, BashSafetyStep, BashVerdict } from './bash-verdict.js';
export { dangerousEntryOf } from './dangerous-path.js';
export type { DangerousPathLists } from './dangerous-path.js';
export { sedScriptProblem } from './sed-check.js';
export type { ShellWord } from './shell-word.js';
export type { ShellRedirect, SimpleCommand } from './simple-command.js';
export { bashToolPermissions } from './bash-tool-permissions.js';
export type { BashToolPermissionsOptions } from './bash-tool-permissions.js';
