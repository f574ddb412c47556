import { isPromiseLike } from '../util/guards.js';
import type { PermissionContext } from './permission-context.js';
import type { PermissionDecision } from './permission-decision.js';
import type { PermissionMode } from './permission-mode.js';
import type { PermissionRule, RuleBehavior } from './permission-rule.js';
import { formatRule } from './parse-rule.js';
import type { ProtectedPaths } from './protected-paths.js';
import { BUILT_IN_PROTECTED_PATHS } from './protected-paths.js';
import type { PermissionSubject } from './tool-permissions.js';

/** Options of {@link PermissionEngine}. */
export interface PermissionEngineOptions {
  /** The mode (default `'default'`). */
  mode?: PermissionMode;
  /** Rules to start with. */
  rules?: readonly PermissionRule[];
  /** Directories edits may be auto-allowed in (`acceptEdits`, `dontAsk`): absolute paths, the working directory first. */
  workingDirectories?: readonly string[];
  /** The protected paths tools are told about (default: the built-in lists; `false`: off). See {@link PermissionContext.protectedPaths}. */
  protectedPaths?: ProtectedPaths;
  /** Deny writes outside the working directories in every mode (tools that write paths enforce it; default false). */
  confineWrites?: boolean;
}

interface RuleSet {
  deny: PermissionRule[];
  ask: PermissionRule[];
  allow: PermissionRule[];
  /** The first rule of each kind without content: the first match for a tool that matches no content. */
  whole: Partial<Record<RuleBehavior, PermissionRule>>;
}

/** Decisions that depend only on the rule, built once when the rule is added (the hot path allocates nothing for them). */
const ruleDecisions = new WeakMap<PermissionRule, PermissionDecision>();

/** The rule decided on last and its decision: the rule that decides a tool's calls is most often the same again. */
let lastRule: PermissionRule | undefined;
let lastDecision: PermissionDecision | undefined;

function ruleDecision(rule: PermissionRule): PermissionDecision {
  if (rule === lastRule) return lastDecision!;
  let decision = ruleDecisions.get(rule);
  if (!decision) {
    const text = `${formatRule(rule)}${sourceText(rule)}`;
    decision =
      rule.behavior === 'deny'
        ? { behavior: 'deny', reason: 'rule', rule, message: `Rule ${text} denies this call of '${rule.tool}'.` }
        : rule.behavior === 'allow'
          ? { behavior: 'allow', reason: 'rule', rule, message: `Rule ${text} allows this call of '${rule.tool}'.` }
          : { behavior: 'ask', reason: 'rule', rule, message: `Rule ${text} asks before this call of '${rule.tool}'.` };
    ruleDecisions.set(rule, Object.freeze(decision));
  }
  lastRule = rule;
  lastDecision = decision;
  return decision;
}

const READ_ONLY: PermissionDecision = Object.freeze({ behavior: 'allow', reason: 'readOnly', message: 'The call is read-only.' });
const BYPASS: PermissionDecision = Object.freeze({ behavior: 'allow', reason: 'mode', message: 'Allowed by bypass mode.' });

/** The message of an ask turned into a deny by `dontAsk` mode (AgentScope's wording). */
export function dontAskMessage(original: string | undefined): string {
  return `DONT_ASK mode converted ASK to DENY. Original reason: ${original ?? 'the call needs approval.'}`;
}

function sourceText(rule: PermissionRule): string {
  return rule.source ? ` (${rule.source})` : '';
}

/**
 * Decides whether a tool call may run: AgentScope's order, step by step, the first that decides wins.
 *
 * | step | default | acceptEdits | explore | bypass | dontAsk |
 * |---|---|---|---|---|---|
 * | 1 deny rule | deny | deny | deny | deny | deny |
 * | 2 ask rule | ask | ask | ask | ask | deny |
 * | 3 read-only call | allow | allow | allow | allow | allow |
 * | 4 tool's checkPermissions | allow/deny kept, safety ask kept, other asks go on | same (the tool allows edits in the working dirs) | not called | allow/deny kept, protected-path ask kept, other asks ignored | same as acceptEdits, safety ask → deny |
 * | 5 allow rule | allow | allow | skipped | allow | allow |
 * | 6 fallback | ask | ask | deny | allow | deny |
 *
 * A safety ask (`bypassImmune`) is never silenced by an allow rule; one that names a protected
 * path (`protectedPath`) also holds in `bypass`. With `confineWrites`, a tool's deny also wins
 * over an ask rule (step 2 consults the tool), so an approval cannot let a confined write out.
 *
 * `check` is synchronous whenever the tool's `checkPermissions` is. A rule matcher that throws
 * makes `check` throw: the caller must fail closed.
 */
export class PermissionEngine {
  private currentMode: PermissionMode;
  private ctx?: PermissionContext;
  private readonly byTool = new Map<string, RuleSet>();
  private readonly all: PermissionRule[] = [];
  private dirs: readonly string[];
  private readonly protectedPaths: ProtectedPaths;
  private readonly confineWrites: boolean;

  constructor(options: PermissionEngineOptions = {}) {
    this.currentMode = options.mode ?? 'default';
    this.dirs = Object.freeze([...(options.workingDirectories ?? [])]);
    this.protectedPaths = options.protectedPaths ?? BUILT_IN_PROTECTED_PATHS;
    this.confineWrites = options.confineWrites === true;
    for (const rule of options.rules ?? []) this.addRule(rule);
  }

  /** The current mode; may be changed at any time. */
  get mode(): PermissionMode {
    return this.currentMode;
  }

  set mode(mode: PermissionMode) {
    this.currentMode = mode;
    this.ctx = undefined;
  }

  /** Every rule, in the order added. */
  get rules(): readonly PermissionRule[] {
    return this.all;
  }

  /** The directories edits may be auto-allowed in. */
  get workingDirectories(): readonly string[] {
    return this.dirs;
  }

  set workingDirectories(dirs: readonly string[]) {
    this.dirs = Object.freeze([...dirs]);
    this.ctx = undefined;
  }

  /** Adds a rule (an identical one already present is not added twice). Returns true when added. */
  addRule(rule: PermissionRule): boolean {
    let set = this.byTool.get(rule.tool);
    if (!set) this.byTool.set(rule.tool, (set = { deny: [], ask: [], allow: [], whole: {} }));
    const list = set[rule.behavior];
    if (list.some((r) => r.content === rule.content)) return false;
    const frozen = Object.freeze({ ...rule });
    list.push(frozen);
    if (frozen.content === undefined) set.whole[frozen.behavior] ??= frozen;
    this.all.push(frozen);
    return true;
  }

  /** The context a tool's `checkPermissions` gets. */
  context(): PermissionContext {
    return (this.ctx ??= Object.freeze({ mode: this.currentMode, workingDirectories: this.dirs, protectedPaths: this.protectedPaths, confineWrites: this.confineWrites }));
  }

  /** The decision for `action` of `tool`: allow, ask or deny (never passthrough). */
  check<A>(tool: PermissionSubject<A>, action: A): PermissionDecision | Promise<PermissionDecision> {
    // A tool whose answers are still loading (ToolPermissions.ready) is asked once they are.
    const loading = tool.permissionsReady?.();
    if (loading !== undefined) return loading.then(() => this.check(tool, action));
    const mode = this.mode;
    const set = this.byTool.get(tool.name);
    if (set) {
      // A tool that matches no content: the first rule without content is the first match (no matchRule calls).
      const content = tool.matchesRuleContent !== false;
      const deny = content ? firstMatch(set.deny, tool, action, 'deny') : set.whole.deny;
      if (deny) return ruleDecision(deny);
      const ask = content ? firstMatch(set.ask, tool, action, 'ask') : set.whole.ask;
      if (ask) {
        const { message } = ruleDecision(ask);
        if (mode === 'dontAsk') return { behavior: 'deny', reason: 'mode', rule: ask, message: dontAskMessage(message) };
        const asked: PermissionDecision = { behavior: 'ask', reason: 'rule', rule: ask, message, suggestedRules: this.suggestions(tool, action) };
        return this.confineWrites ? this.toolDenyOr(tool, action, asked) : asked;
      }
    }
    if (tool.isReadOnly(action)) return READ_ONLY;
    if (mode === 'explore') return { behavior: 'deny', reason: 'mode', message: `'${tool.name}' may change things (explore mode is read-only).` };
    const own = tool.checkPermissions(action, this.context());
    if (isPromiseLike<PermissionDecision>(own)) return Promise.resolve(own).then((d) => this.afterTool(tool, action, set, d));
    return this.afterTool(tool, action, set, own);
  }

  /** Under confineWrites: the tool's deny if it denies `action`, else `asked` (a confined write stays denied whatever asks). */
  private toolDenyOr<A>(tool: PermissionSubject<A>, action: A, asked: PermissionDecision): PermissionDecision | Promise<PermissionDecision> {
    const pick = (own: PermissionDecision): PermissionDecision => (own.behavior === 'deny' ? { reason: 'tool', ...own } : asked);
    const own = tool.checkPermissions(action, this.context());
    return isPromiseLike<PermissionDecision>(own) ? Promise.resolve(own).then(pick) : pick(own);
  }

  /** Steps 4 (what the tool said), 5 and 6. */
  private afterTool<A>(tool: PermissionSubject<A>, action: A, set: RuleSet | undefined, own: PermissionDecision): PermissionDecision {
    const mode = this.mode;
    if (own.behavior === 'allow' || own.behavior === 'deny') return { reason: 'tool', ...own };
    if (own.behavior === 'ask' && own.bypassImmune && (mode !== 'bypass' || (own.protectedPath !== undefined && this.protectedPaths !== false))) {
      const safety: PermissionDecision = { reason: 'safety', ...own, suggestedRules: own.suggestedRules ?? [] };
      if (mode === 'dontAsk') return { ...safety, behavior: 'deny', message: dontAskMessage(own.message) };
      return safety;
    }
    if (set) {
      if (!tool.coveredByAllowRules) {
        const one = tool.matchesRuleContent === false ? set.whole.allow : set.allow.length > 0 ? firstMatch(set.allow, tool, action, 'allow') : undefined;
        if (one) return ruleDecision(one);
      }
      const allow = tool.coveredByAllowRules && set.allow.length > 0 ? allowingRules(set.allow, tool, action) : undefined;
      if (allow?.length === 1) return ruleDecision(allow[0]!);
      if (allow) {
        const names = allow.map((r) => `${formatRule(r)}${sourceText(r)}`).join(', ');
        const message = `Rules ${names} allow this call of '${tool.name}'.`;
        return { behavior: 'allow', reason: 'rule', rule: allow[0], message };
      }
    }
    if (mode === 'bypass') return BYPASS;
    const message = own.message ?? `No rule allows this call of '${tool.name}'.`;
    const suggestedRules = own.suggestedRules ?? this.suggestions(tool, action);
    if (mode === 'dontAsk') return { behavior: 'deny', reason: 'mode', message: dontAskMessage(message), suggestedRules };
    return { behavior: 'ask', reason: 'fallback', message, suggestedRules };
  }

  /** Allow rules from the tool's suggestions, or one rule for the whole tool when it has none. */
  private suggestions<A>(tool: PermissionSubject<A>, action: A): PermissionRule[] {
    const contents = tool.suggestRules(action);
    if (contents.length === 0) return [{ tool: tool.name, behavior: 'allow' }];
    return contents.map((content) => ({ tool: tool.name, content, behavior: 'allow' }));
  }
}

function firstMatch<A>(rules: readonly PermissionRule[], tool: PermissionSubject<A>, action: A, behavior: RuleBehavior): PermissionRule | undefined {
  for (const rule of rules) {
    if (rule.content === undefined || tool.matchRule(rule.content, action, behavior)) return rule;
  }
  return undefined;
}

/** The allow rules that let `action` run: one that matches alone, or (for tools that combine them) all with content together. */
function allowingRules<A>(rules: readonly PermissionRule[], tool: PermissionSubject<A>, action: A): readonly PermissionRule[] | undefined {
  if (!tool.coveredByAllowRules) {
    const one = firstMatch(rules, tool, action, 'allow');
    return one ? [one] : undefined;
  }
  const whole = rules.find((r) => r.content === undefined);
  if (whole) return [whole];
  return tool.coveredByAllowRules(rules.map((r) => r.content!), action) ? rules : undefined;
}
