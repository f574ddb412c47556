import type { BashAnalysis } from './bash-analysis.js';
import { HARMLESS_VARIABLES, NO_PREFIX_RULE_COMMANDS, SHELLS, TRANSPARENT_WRAPPERS } from './bash-lists.js';
import { codeRunningOption } from './code-running-options.js';
import { dangerousPattern } from './dangerous-pattern.js';
import { NETWORK_COMMANDS } from './network-egress.js';
import type { SimpleCommand } from './simple-command.js';
import { isReadOnlyCommand } from './read-only-command.js';

/** Most suggestions offered for one command. */
export const MAX_BASH_SUGGESTIONS = 5;

/**
 * True when the rule content matches one command text. `x:*` is a word prefix (`git:*` matches
 * `git` and `git add .`, not `gitk`); an unescaped `*` is an anchored wildcard (`git *` also matches
 * `git`); anything else must appear as whole words (`install` is in `pip install x`, `format` is
 * not in `npm run formatter`). An empty content matches everything. This is how deny and ask
 * rules match; allow rules use {@link bashAllowRuleMatchesText}.
 */
export function bashRuleMatchesText(content: string, text: string): boolean {
  const rule = content.trim().replace(/\s+/g, ' ');
  if (rule === '' || rule === '*') return true;
  const pattern = patternMatch(rule, text);
  if (pattern !== undefined) return pattern;
  return ` ${text} `.includes(` ${rule} `);
}

/**
 * How an allow rule matches one command text: `x:*` and `*` patterns as in
 * {@link bashRuleMatchesText}, but a rule without them is exact (`npm test` allows `npm test`,
 * not `npm test --script-shell=x`, and `sh` does not allow `sh -c …`).
 */
export function bashAllowRuleMatchesText(content: string, text: string): boolean {
  const rule = content.trim().replace(/\s+/g, ' ');
  if (rule === '' || rule === '*') return true;
  return patternMatch(rule, text) ?? rule === text;
}

/** The match of a `x:*` or `*` rule, or undefined for a rule that is neither. */
function patternMatch(rule: string, text: string): boolean | undefined {
  if (rule.endsWith(':*')) {
    const prefix = rule.slice(0, -2).trim();
    return text === prefix || text.startsWith(`${prefix} `);
  }
  if (/(^|[^\\])\*/.test(rule)) {
    const source = rule
      .split(/(?<!\\)\*/)
      .map((part) => part.replace(/\\\*/g, '*').replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*');
    return new RegExp(`^${source.replace(/ \.\*$/, '( .*)?')}$`, 's').test(text);
  }
  return undefined;
}

/**
 * The text a rule matches for one simple command as run: its environment assignments (other
 * than harmless ones such as `LANG`) and its words, joined by single spaces. An assignment is
 * part of the command: `GIT_EXTERNAL_DIFF=x git diff` does not start with `git`.
 */
export function ruleText(command: SimpleCommand): string {
  const assignments = command.assignments.filter((a) => !HARMLESS_VARIABLES.has(a.name)).map((a) => `${a.name}=${a.value.value}`);
  return [...assignments, ...command.words.map((w) => w.value)].join(' ');
}

/**
 * The texts a deny or ask rule may match for one simple command: as run (wrappers removed), with
 * and without its environment assignments (`FOO=1 git push` is still `git push`), and as written.
 */
function textsOf(command: SimpleCommand): string[] {
  const texts = [ruleText(command), command.words.map((w) => w.value).join(' '), command.source.trim().replace(/\s+/g, ' ')];
  return [...new Set(texts)];
}

/**
 * A deny or ask rule matches when ANY simple command matches it, as run or as written (deny
 * `rm:*` catches `cd d && rm -r y`, `sudo rm x`, `bash -c 'rm x'`, `find | xargs rm`).
 */
export function bashRuleMatchesAny(content: string, analysis: BashAnalysis): boolean {
  return analysis.commands.some((command) => textsOf(command).some((text) => bashRuleMatchesText(content, text)));
}

/**
 * Why allow rules cannot cover the simple command whatever they say, or undefined: it writes a
 * file by redirection (a rule for a command is not a rule for where its output goes), or it
 * carries an option that runs code the option names (`git -c core.pager=…`, `--upload-pack`,
 * `npm … --script-shell`).
 */
export function uncoverableReason(command: SimpleCommand): string | undefined {
  const redirect = command.redirects.find((r) => r.writes);
  if (redirect) return `'${redirect.operator} ${redirect.target?.value ?? ''}' writes a file, which no command rule covers`;
  const option = codeRunningOption(command);
  if (option) return `'${option}' makes '${command.words[0]?.value ?? ''}' run a program the option names, which no prefix rule covers`;
  return undefined;
}

/** True when one allow rule covers the simple command (see {@link bashCoveredByAllowRules}). */
function coveredCommand(command: SimpleCommand, contents: readonly string[]): boolean {
  if (isReadOnlyCommand(command)) return true;
  if (uncoverableReason(command) !== undefined) return false;
  const text = ruleText(command);
  if (command.appendedArguments) {
    // xargs and find -exec add arguments when they run: only a prefix rule covers any arguments,
    // and only for a command none of whose options runs code
    if (codeRunningOptionPossible(command)) return false;
    return contents.some((content) => isPrefixRule(content) && bashAllowRuleMatchesText(content, text));
  }
  if (command.privileged || command.wrappers.some((w) => !TRANSPARENT_WRAPPERS.has(w) && !w.endsWith(' -c'))) {
    // `sudo apt update` needs a rule that says sudo: the written form
    const written = command.source.trim().replace(/\s+/g, ' ');
    return contents.some((content) => bashAllowRuleMatchesText(content, written));
  }
  return contents.some((content) => bashAllowRuleMatchesText(content, text));
}

/** Commands through whose options a prefix rule could let code run, were options appended at run time. */
function codeRunningOptionPossible(command: SimpleCommand): boolean {
  const name = command.words[0]?.value ?? '';
  return ['git', 'npm', 'npx', 'find', 'rg', 'sort', 'tar', 'rsync', 'less', 'more', 'ssh', 'scp', 'env', 'xargs'].includes(name) || SHELLS.has(name) || NO_PREFIX_RULE_COMMANDS.has(name);
}

function isPrefixRule(content: string): boolean {
  const rule = content.trim();
  return rule === '' || rule.endsWith(':*') || /(^|[^\\])\*$/.test(rule);
}

/**
 * Allow rules cover a command when nothing in it could not be analysed and every simple command
 * either only reads or is matched by one of the rules: a rule without `:*` or `*` matches the
 * command exactly; environment assignments are part of the text (`GIT_EXTERNAL_DIFF=x git diff`
 * is not under `git:*`); no rule covers a write redirection or an option that runs code
 * (`git -c …`, `--upload-pack`, `--script-shell`); behind `sudo`, `doas`, `chroot` the rule must
 * match the command as written; behind `timeout`, `nice`, `env`, `bash -c` … the command as run;
 * behind `xargs` and `find -exec` only a prefix rule covers the command (it gets more arguments).
 */
export function bashCoveredByAllowRules(contents: readonly string[], analysis: BashAnalysis): boolean {
  if (analysis.problem !== undefined || analysis.commands.length === 0) return false;
  return analysis.commands.every((command) => coveredCommand(command, contents));
}

/**
 * Suggested allow rules, never broader than the call: `w1 w2:*` for each simple command that does
 * not only read (`w1:*` when the second word is a flag or a path), except that shells,
 * interpreters and wrappers (`sh`, `python`, `node`, `env`, `xargs`, `sudo`, …), whose prefix
 * rule would allow any program, and network clients (`curl`, `ssh`), whose prefix rule would let
 * data go anywhere, get the exact command, and not even that when they read their
 * program from standard input (`cat x | sh`). A command that matches a
 * dangerous pattern, carries an option that runs code, or writes by redirection gets none. At
 * most five, without duplicates.
 */
export function suggestBashRules(analysis: BashAnalysis): string[] {
  if (analysis.problem !== undefined) return [];
  const suggestions: string[] = [];
  for (const command of analysis.commands) {
    const rule = suggestionFor(command);
    if (rule !== undefined && !suggestions.includes(rule)) suggestions.push(rule);
    if (suggestions.length === MAX_BASH_SUGGESTIONS) break;
  }
  return suggestions;
}

function suggestionFor(command: SimpleCommand): string | undefined {
  if (isReadOnlyCommand(command) || command.words.length === 0 || command.words.some((w) => w.dynamic)) return undefined;
  if (uncoverableReason(command) !== undefined || dangerousPattern(command) !== undefined) return undefined;
  if (command.assignments.some((a) => a.value.dynamic)) return undefined;
  const name = command.words[0]!.value;
  const privileged = command.privileged || command.wrappers.some((w) => !TRANSPARENT_WRAPPERS.has(w) && !w.endsWith(' -c'));
  if (command.appendedArguments || privileged) return undefined; // xargs/find -exec/sudo: the rule would cover more than this call
  if (NO_PREFIX_RULE_COMMANDS.has(name) || SHELLS.has(name) || NETWORK_COMMANDS.has(name)) {
    // an interpreter given no program runs what it reads on standard input (`cat x | sh`)
    if (command.words.length === 1 || command.words.some((w) => w.glob || w.value === '-')) return undefined;
    return ruleText(command);
  }
  const assignments = ruleText({ ...command, words: [] });
  const [first, second] = command.words;
  const useSecond = second !== undefined && !second.glob && /^[A-Za-z][\w.:-]*$/.test(second.value) && !second.value.includes('.');
  return `${assignments === '' ? '' : `${assignments} `}${first!.value}${useSecond ? ` ${second.value}` : ''}:*`;
}
