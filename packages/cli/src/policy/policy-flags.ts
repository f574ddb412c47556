import { dirname, join, resolve } from 'node:path';
import { isPermissionMode, parseRule, PERMISSION_MODES, policyOptionsFromConfig } from '@toolwright/sdk/policy';
import { ToolwrightError } from '@toolwright/sdk';
import type { ApprovalHandler, PermissionRule, PermissionsConfig, PolicyOptions, RuleBehavior } from '@toolwright/sdk/policy';
import { listOption, stringOption } from '../args/parse-command-line.js';
import type { OptionValues } from '../args/parse-command-line.js';
import { CliError } from '../cli-error.js';
import { announceGrants } from './announce-grants.js';

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

/** Options of {@link cliPolicy}. */
export interface CliPolicyOptions {
  /** The spec file, when there is one: its directory is the project (home of the grants file). */
  specPath?: string;
  /** True (`serve`): a policy even without flags or a spec `permissions:` section, in the spec's mode or `default`. */
  required?: boolean;
}

/**
 * The policy of a CLI run, or undefined when neither the spec (`permissions:`) nor a flag asks for
 * one and it is not `required` (then every call runs, as without a policy). Flag rules have source
 * `cli`, spec rules `spec`; `--mode` overrides the spec's mode. "Always" answers persist in the
 * project's grants file, `<project>/.toolwright/permissions.json` — the spec file's directory, else
 * `cwd` — the file the SDK uses by default too (unless the spec gives `grantsFile` or
 * `grantsScope: 'conversation'`); the audit log goes to `<cwd>/.toolwright/audit.jsonl` unless the
 * spec says otherwise. A bad flag is a usage error naming it.
 */
export function cliPolicy(flags: PolicyFlags, spec: PermissionsConfig | undefined, cwd: string, onApproval: ApprovalHandler | undefined, options: CliPolicyOptions = {}): PolicyOptions | undefined {
  const any = flags.mode !== undefined || flags.allow.length + flags.ask.length + flags.deny.length > 0;
  if (!any && spec === undefined && options.required !== true) return undefined;
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
  const project = options.specPath === undefined ? cwd : dirname(resolve(cwd, options.specPath));
  const grantsFile = fromSpec.grantsFile ?? (fromSpec.grantsScope === 'conversation' ? undefined : join(project, '.toolwright', 'permissions.json'));
  const announced = onApproval && typeof grantsFile === 'string' ? announceGrants(onApproval, resolve(cwd, grantsFile)) : onApproval;
  return {
    ...(grantsFile === undefined ? {} : { grantsFile }),
    auditLog: join(cwd, '.toolwright', 'audit.jsonl'),
    ...fromSpec,
    mode: (flags.mode as PolicyOptions['mode']) ?? fromSpec.mode,
    rules: [...(fromSpec.rules ?? []), ...rules],
    onApproval: announced,
  };
}
