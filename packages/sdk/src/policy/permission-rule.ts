/** What a rule does to the calls it matches. */
export type RuleBehavior = 'allow' | 'ask' | 'deny';

/** Where a rule came from (recorded in the audit log and shown in messages). */
export type RuleSource = 'code' | 'spec' | 'cli' | 'grants' | 'user';

/**
 * A permission rule: `behavior` for calls of `tool`, all of them (no `content`) or those the
 * tool's `matchRule(content, action)` accepts (a path glob such as `src/**` for file tools, a
 * command prefix such as `git commit:*` for terminal).
 */
export interface PermissionRule {
  /** The tool's name in the agent's tools map. */
  tool: string;
  /** What the rule is about, in the tool's own terms; absent = every call of the tool. */
  content?: string;
  /** Allow, ask or deny. */
  behavior: RuleBehavior;
  /** Where it came from. */
  source?: RuleSource;
}
