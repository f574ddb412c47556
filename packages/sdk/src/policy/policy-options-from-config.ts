import { parseRule } from './parse-rule.js';
import type { PermissionRule, RuleBehavior, RuleSource } from './permission-rule.js';
import type { PermissionsConfig, PolicyOptions } from './policy-options.js';

/**
 * Policy options from a JSON config (a spec file's `permissions:` section), its rule strings
 * parsed now with `source` (default `spec`) so the audit log and messages can say where each came from.
 */
export function policyOptionsFromConfig(config: PermissionsConfig, source: RuleSource = 'spec'): PolicyOptions {
  const { allow, ask, deny, ...rest } = config;
  const rules: PermissionRule[] = [];
  const lists: Record<RuleBehavior, string[] | undefined> = { deny, ask, allow };
  for (const behavior of ['deny', 'ask', 'allow'] as const) {
    for (const text of lists[behavior] ?? []) rules.push(parseRule(text, behavior, source));
  }
  return { ...rest, rules };
}
