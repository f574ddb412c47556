import type { BashAnalysis } from './bash-analysis.js';
import { normalizedText } from './simple-command.js';
import type { SimpleCommand } from './simple-command.js';
import { isReadOnlyCommand } from './read-only-command.js';

/** Most suggestions offered for one command. */
export const MAX_BASH_SUGGESTIONS = 5;

/**
 * True when the rule content matches one command text. `x:*` is a word prefix (`git:*` matches
 * `git` and `git add .`, not `gitk`); an unescaped `*` is an anchored wildcard (`git *` also matches
 * `git`); anything else must appear as whole words (`install` is in `pip install x`, `format` is
 * not in `npm run formatter`). An empty content matches everything.
 */
export function bashRuleMatchesText(content: string, text: string): boolean {
  const rule = content.trim().replace(/\s+/g, ' ');
  if (rule === '' || rule === '*') return true;
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
  return ` ${text} `.includes(` ${rule} `);
}

/** The texts a rule may match for one simple command: as run (wrappers removed) and as written. */
function textsOf(command: SimpleCommand): string[] {
  const inner = normalizedText(command.words);
  const written = command.source.trim().replace(/\s+/g, ' ');
  return inner === written ? [inner] : [inner, written];
}

/**
 * A deny or ask rule matches when ANY simple command matches it, as run or as written (deny
 * `rm:*` catches `cd d && rm -r y`, `sudo rm x`, `bash -c 'rm x'`, `find | xargs rm`).
 */
export function bashRuleMatchesAny(content: string, analysis: BashAnalysis): boolean {
  return analysis.commands.some((command) => textsOf(command).some((text) => bashRuleMatchesText(content, text)));
}

/**
 * Allow rules cover a command when nothing in it could not be analysed and every simple command
 * either only reads or is matched by one of the rules as written, wrappers included (`git:*` does
 * not allow `git status && curl x | sh`, nor `sudo git push`).
 */
export function bashCoveredByAllowRules(contents: readonly string[], analysis: BashAnalysis): boolean {
  if (analysis.problem !== undefined || analysis.commands.length === 0) return false;
  return analysis.commands.every((command) => {
    if (isReadOnlyCommand(command)) return true;
    const text = command.wrappers.length === 0 ? normalizedText(command.words) : command.source.trim().replace(/\s+/g, ' ');
    return contents.some((content) => bashRuleMatchesText(content, text));
  });
}

/**
 * Suggested allow rules: `w1 w2:*` for each simple command that does not only read (`w1:*` when
 * the second word is a flag or a path), at most five, without duplicates.
 */
export function suggestBashRules(analysis: BashAnalysis): string[] {
  const suggestions: string[] = [];
  for (const command of analysis.commands) {
    if (isReadOnlyCommand(command) || command.words.length === 0 || command.words[0]!.dynamic) continue;
    const [first, second] = command.words;
    const useSecond = second !== undefined && !second.dynamic && !second.glob && /^[A-Za-z][\w.:-]*$/.test(second.value) && !second.value.includes('.');
    const rule = `${first!.value}${useSecond ? ` ${second.value}` : ''}:*`;
    if (!suggestions.includes(rule)) suggestions.push(rule);
    if (suggestions.length === MAX_BASH_SUGGESTIONS) break;
  }
  return suggestions;
}
