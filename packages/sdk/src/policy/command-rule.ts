import type { RuleBehavior } from './permission-rule.js';

/** Characters that chain, redirect or substitute in a shell: a command holding one has parts. */
const SHELL_SYNTAX = /[;&|<>`$(){}\n\r]/;

function escapeRegExp(text: string): string {
  return text.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
}

function matchesOne(content: string, command: string): boolean {
  if (content.endsWith(':*')) {
    const prefix = content.slice(0, -2);
    return command === prefix || command.startsWith(`${prefix} `);
  }
  if (content.includes('*')) {
    const pattern = content.split('*').map(escapeRegExp).join('.*');
    // `git *` also matches a bare `git`.
    const optionalTail = pattern.endsWith(' .*') ? `${pattern.slice(0, -3)}(?: .*)?` : pattern;
    return new RegExp(`^${optionalTail}$`, 's').test(command);
  }
  return command === content;
}

/** For deny and ask rules without wildcard: the content as whole words anywhere in the command (`install` catches `pip install x`). */
function containsWords(content: string, command: string): boolean {
  return new RegExp(`(?:^|[^\\w-])${escapeRegExp(content)}(?:$|[^\\w-])`, 's').test(command);
}

/**
 * A conservative shell-command rule matcher (AgentScope's syntax: `git:*` = `git` or `git …`, a
 * `*` anywhere = wildcard, otherwise the exact command; deny and ask rules without wildcard also
 * match the content as whole words anywhere, so deny `install` catches `pip install x`) for tools
 * without a shell parser:
 * - an allow rule never matches a command that chains, redirects or substitutes (`;`, `&&`, `|`,
 *   `>`, `$(…)`…), so `git:*` does not allow `git status && curl x | sh`;
 * - a deny or ask rule matches when the command, or any word sequence after a chaining
 *   character, matches, so `rm:*` catches `cd d && rm -r y`.
 * Shells parse more than this; a tool with a real parser should do better (`tools`' bash analysis).
 */
export function matchCommandRule(content: string, command: string, behavior: RuleBehavior): boolean {
  const trimmed = command.trim();
  if (behavior === 'allow') return !SHELL_SYNTAX.test(trimmed) && matchesOne(content, trimmed);
  if (matchesOne(content, trimmed)) return true;
  if (!content.includes('*') && containsWords(content, trimmed)) return true;
  return trimmed
    .split(/[;&|\n\r`$(){}]+/)
    .map((part) => part.trim())
    .some((part) => part !== '' && matchesOne(content, part));
}

/**
 * Rule suggestions for a command: `w1 w2:*` for a command with a subcommand, `w1:*` otherwise;
 * none for a command with shell syntax (no single prefix rule should allow it).
 */
export function suggestCommandRules(command: string): string[] {
  const trimmed = command.trim();
  if (trimmed === '' || SHELL_SYNTAX.test(trimmed)) return [];
  const words = trimmed.split(/\s+/);
  const second = words[1];
  return [second !== undefined && /^[a-z][\w-]*$/.test(second) ? `${words[0]} ${second}:*` : `${words[0]}:*`];
}
