import { join } from 'node:path';
import { isPermissionMode, parseRule, PERMISSION_MODES, policyOptionsFromConfig, ToolwrightError } from '@toolwright/sdk';
import type { ApprovalHandler, PermissionRule, PermissionsConfig, PolicyOptions, RuleBehavior } from '@toolwright/sdk';
import { listOption, stringOption } from '../args/parse-command-line.js';
import type { OptionValues } from '../args/parse-command-line.js';
import { CliError } from '../cli-error.js';

/** The permission flags as given. */
export interface PolicyFlags {
  mode?: string;
  allow: string[];
  ask: string[];
  deny: string[];
}

/** Reads `--mode`, `--allow`, `--ask`, `--deny`. */
export function readPolicyFlags(values: OptionValues): PolicyFlags {
  return { mode: stringOption(values, 'mode'), allow: listOption(values, 'allow'), ask: listOption(values, 'ask'), deny: listOption(values, 'deny') };
}

/**
 * The policy of a CLI run, or undefined when neither the spec (`permissions:`) nor a flag asks for
 * one (then every call runs, as without a policy). Flag rules have source `cli`, spec rules `spec`;
 * `--mode` overrides the spec's mode. "Always" answers persist in `<cwd>/.toolwright/permissions.json`
 * and the audit log goes to `<cwd>/.toolwright/audit.jsonl` unless the spec says otherwise.
 * A bad flag is a usage error naming it.
 */
export function cliPolicy(flags: PolicyFlags, spec: PermissionsConfig | undefined, cwd: string, onApproval: ApprovalHandler | undefined): PolicyOptions | undefined {
  const any = flags.mode !== undefined || flags.allow.length + flags.ask.length + flags.deny.length > 0;
  if (!any && spec === undefined) return undefined;
  if (flags.mode !== undefined && !isPermissionMode(flags.mode)) {
    throw new CliError({ message: `--mode: expected one of ${PERMISSION_MODES.join(', ')}, got '${flags.mode}'.` });
  }
  const rules: PermissionRule[] = [];
  for (const behavior of ['deny', 'ask', 'allow'] as RuleBehavior[]) {
    for (const text of flags[behavior]) {
      try {
        rules.push(parseRule(text, behavior, 'cli'));
      } catch (error) {
        throw new CliError({ message: `--${behavior}: ${ToolwrightError.isInstance(error) ? error.message : String(error)}`, hint: "Write a rule as Tool or Tool(content), e.g. --allow 'file_editor(src/**)'." });
      }
    }
  }
  const fromSpec = policyOptionsFromConfig(spec ?? {});
  return {
    grantsFile: join(cwd, '.toolwright', 'permissions.json'),
    auditLog: join(cwd, '.toolwright', 'audit.jsonl'),
    ...fromSpec,
    mode: (flags.mode as PolicyOptions['mode']) ?? fromSpec.mode,
    rules: [...(fromSpec.rules ?? []), ...rules],
    onApproval,
  };
}
