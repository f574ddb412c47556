import { PERMISSION_MODES } from '@toolwright/sdk/policy';
import type { OptionSpec } from '../args/option-spec.js';

// Its own file, importing only a type from args/: command-table.ts imports it, so it must not
// import anything that imports command-table back (parse-command-line.ts does).

/** The permission flags of `call` and `serve`. */
export const POLICY_OPTIONS: Record<string, OptionSpec> = {
  mode: { type: 'string', value: 'MODE', help: `permission mode: ${PERMISSION_MODES.join(', ')} (call: turns permission checks on; serve checks always, in 'default' unless given; 'bypass' warns)` },
  allow: { type: 'string', multiple: true, value: 'RULE', help: "allow rule, e.g. 'file_editor(src/**)' or 'terminal(git status:*)'; repeatable" },
  ask: { type: 'string', multiple: true, value: 'RULE', help: 'ask rule (same syntax); repeatable' },
  deny: { type: 'string', multiple: true, value: 'RULE', help: "deny rule, e.g. 'terminal(rm:*)'; repeatable" },
};

