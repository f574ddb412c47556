import { homedir } from 'node:os';
import { isAbsolute, resolve } from 'node:path';
import type { Node, Parser } from 'web-tree-sitter';
import { HARMLESS_DEVICES, INJECTION_NODE_TYPES } from './bash-lists.js';
import { MAX_COMMAND_CHARS, withBashTree } from './bash-parser.js';
import { shellWord } from './shell-word.js';
import type { ShellWord } from './shell-word.js';
import type { ShellRedirect, SimpleCommand } from './simple-command.js';

/** A command line split into its simple commands, or the reason it cannot be analysed. */
export interface ParsedCommandLine {
  commands: SimpleCommand[];
  /** Why the line cannot be analysed statically (then `commands` may be incomplete). */
  problem?: string;
}

/** Node types that only group commands. */
const GROUPS = new Set(['program', 'list', 'pipeline', 'compound_statement', 'negated_command']);
/** Declarations that change the session's variables. */
const DECLARATIONS = new Set(['declaration_command', 'unset_command']);

/**
 * Parses a command line with the bash grammar and lists its simple commands in order, each with
 * its redirections and the directory it runs in (`cd` to a literal path is followed).
 */
export function parseCommandLine(parser: Parser, source: string, cwd: string | undefined): ParsedCommandLine {
  if (source.length > MAX_COMMAND_CHARS) return { commands: [], problem: `Command is longer than ${MAX_COMMAND_CHARS} characters and cannot be analyzed` };
  if (source.includes('\0')) return { commands: [], problem: 'Command contains a NUL character' };
  return withBashTree(parser, source, (tree) => {
    const problem = findProblem(tree.rootNode, source);
    const collector = new Collector(source, cwd);
    collector.visit(tree.rootNode, []);
    return { commands: collector.commands, problem: problem ?? collector.problem ?? collector.unvisited(tree.rootNode) };
  });
}

const INJECTION_TYPES = [...INJECTION_NODE_TYPES];

/**
 * Characters and keywords without which none of the injection structures can be in the tree
 * (`$(`, backticks, `<(`, `${`, `((`, `[[`, `{a,b}`, loops, conditionals, functions). Only a speed
 * gate before the tree search, which decides: a line without them skips the search.
 */
const MAY_HOLD_INJECTION = /[$`([{]|\b(?:for|while|until|if|case|select|function)\b/;

/** The first structure that cannot be analysed, searched natively in the tree (one WASM call, not a walk in JS). */
function findProblem(root: Node, source: string): string | undefined {
  if (root.hasError) return 'Command could not be parsed as bash (syntax error), so it cannot be statically analyzed';
  if (!MAY_HOLD_INJECTION.test(source)) return undefined;
  const found = root.descendantsOfType(INJECTION_TYPES).find((n) => !isSingleBracketTest(n));
  return found ? `Command contains ${found.type} which cannot be statically analyzed` : undefined;
}

/** A loop variable that cannot change how later commands run (bash's own variables are upper case). */
const LOOP_VARIABLE = /^[a-z][a-z0-9_]*$|^_[a-z0-9_]+$/;

/**
 * Structures the collector analyses instead of refusing: `$(…)` / backticks (their commands run
 * and are analysed like the others; their value is only known at run time) and `for NAME in …;
 * do …; done` (its body is analysed with `$NAME` unknown). Each one in the tree must have been
 * visited, or the line is refused.
 */
const ANALYSED_STRUCTURES = ['command_substitution', 'for_statement'];

/**
 * `[ … ]` (the `test` builtin, which tree-sitter-bash parses as a test_command like `[[ … ]]`): it
 * only evaluates, so it is analysed as the command `[`; `[[ … ]]` stays refused (its arithmetic
 * comparisons evaluate `a[$(cmd)]` subscripts in variable values).
 */
function isSingleBracketTest(node: Node): boolean {
  return node.type === 'test_command' && node.text.startsWith('[') && !node.text.startsWith('[[');
}

class Collector {
  readonly commands: SimpleCommand[] = [];
  problem?: string;
  private readonly visited = new Set<number>();

  constructor(
    private readonly source: string,
    private cwd: string | undefined,
  ) {}

  visit(node: Node, redirects: readonly ShellRedirect[]): void {
    if (GROUPS.has(node.type)) {
      for (const child of node.namedChildren) this.visit(child, redirects);
    } else if (node.type === 'redirected_statement') {
      const own: ShellRedirect[] = [];
      const after: Node[] = [];
      for (const redirect of node.childrenForFieldName('redirect')) {
        this.substitutions(redirect);
        splitRedirect(redirect, own, after);
      }
      const body = node.childForFieldName('body');
      if (body) this.visit(body, [...redirects, ...own]);
      else this.add(node, [], [], [...redirects, ...own]);
      for (const statement of after) this.visit(statement, []);
    } else if (node.type === 'command') {
      this.command(node, redirects);
    } else if (isSingleBracketTest(node)) {
      this.substitutions(node);
      const inner = node.text.slice(1, -1).trim();
      const words: ShellWord[] = [{ value: '[', dynamic: false, glob: false }, ...(inner === '' ? [] : [{ value: inner, dynamic: /[$`]/.test(inner), glob: false }]), { value: ']', dynamic: false, glob: false }];
      this.add(node, words, [], [...redirects]);
    } else if (node.type === 'for_statement') {
      this.forLoop(node, redirects);
    } else if (DECLARATIONS.has(node.type)) {
      const words = node.children.filter((c) => c.type !== 'comment').map((c) => (c.isNamed ? shellWord(c) : { value: c.text, dynamic: false, glob: false }));
      this.add(node, words, [], [...redirects]);
    } else if (node.type === 'variable_assignment') {
      this.substitutions(node);
      this.add(node, [], [assignmentOf(node)], [...redirects]);
    } else if (node.type !== 'comment' && node.type !== 'heredoc_body') {
      this.problem ??= `Command contains ${node.type} which cannot be statically analyzed`;
    }
  }

  /** The structures of {@link ANALYSED_STRUCTURES} in the tree that were not analysed (one outside a command's words, say). */
  unvisited(root: Node): string | undefined {
    if (!/\$\(|`|\bfor\b/.test(this.source)) return undefined;
    const missed = root.descendantsOfType(ANALYSED_STRUCTURES).find((n) => !this.visited.has(n.id));
    return missed ? `Command contains ${missed.type} which cannot be statically analyzed` : undefined;
  }

  /** `for NAME in WORDS; do BODY; done`: the words' substitutions and the body are analysed; `$NAME` is unknown. */
  private forLoop(node: Node, redirects: readonly ShellRedirect[]): void {
    this.visited.add(node.id);
    const variable = node.childForFieldName('variable')?.text ?? '';
    if (!LOOP_VARIABLE.test(variable)) {
      this.problem ??= `The for loop assigns the variable '${variable}', which may change how later commands run`;
    }
    for (const value of node.childrenForFieldName('value')) this.substitutions(value);
    const body = node.childForFieldName('body');
    for (const child of body?.namedChildren ?? []) this.visit(child, redirects);
  }

  /** Analyses the commands of every `$(…)` in `node` (not nested ones: each is analysed with its own parent), in a subshell's directory. */
  private substitutions(node: Node): void {
    if (node.type === 'heredoc_redirect' || (!node.text.includes('$(') && !node.text.includes('`'))) return; // a here-document's text is refused, not analysed
    if (node.type === 'command_substitution') {
      this.visited.add(node.id);
      const cwd = this.cwd;
      for (const child of node.namedChildren) this.visit(child, []);
      this.cwd = cwd; // a `cd` inside `$(…)` does not move the shell
      return;
    }
    for (const child of node.namedChildren) this.substitutions(child);
  }

  private command(node: Node, inherited: readonly ShellRedirect[]): void {
    const words: ShellWord[] = [];
    const assignments: Array<{ name: string; value: ShellWord }> = [];
    const redirects = [...inherited];
    const after: Node[] = [];
    let previous: Node | undefined;
    for (const child of node.namedChildren) {
      this.substitutions(child);
      if (child.type === 'variable_assignment') assignments.push(assignmentOf(child));
      else if (child.type.endsWith('_redirect')) splitRedirect(child, redirects, after);
      else if (child.type !== 'comment') {
        if (previous && this.source.slice(previous.endIndex, child.startIndex) === '\\\n') {
          this.problem ??= 'Command joins words with an escaped newline, which cannot be statically analyzed';
        }
        words.push(shellWord(child));
        previous = child;
      }
    }
    if (words[0] && (words[0].dynamic || words[0].glob)) {
      this.problem ??= `The command name '${words[0].value}' is not a literal word, so the command cannot be statically analyzed`;
    }
    this.add(node, words, assignments, redirects);
    for (const statement of after) this.visit(statement, []);
  }

  private add(node: Node, words: ShellWord[], assignments: Array<{ name: string; value: ShellWord }>, redirects: ShellRedirect[]): void {
    this.commands.push({ source: node.text, words, assignments, redirects, wrappers: [], appendedArguments: false, cwd: this.cwd });
    if (words[0]?.value === 'cd' || words[0]?.value === 'pushd' || words[0]?.value === 'popd') {
      this.cwd = cdTarget(words[0].value, words[1], this.cwd);
    }
  }
}

/** Where `cd` leads, when it can be known: a literal path (relative ones need a known start), or home. */
function cdTarget(name: string, target: ShellWord | undefined, cwd: string | undefined): string | undefined {
  if (name !== 'cd') return undefined;
  if (!target) return homedir();
  if (target.dynamic || target.glob || target.value === '-' || target.value.startsWith('-')) return undefined;
  if (isAbsolute(target.value)) return resolve(target.value);
  return cwd === undefined ? undefined : resolve(cwd, target.value);
}

function assignmentOf(node: Node): { name: string; value: ShellWord } {
  const value = node.childForFieldName('value');
  return { name: node.childForFieldName('name')?.text ?? '', value: value ? shellWord(value) : { value: '', dynamic: false, glob: false } };
}

/** Parts of a here-document redirect that are not its text. */
const HEREDOC_PARTS = new Set(['heredoc_start', 'heredoc_body', 'heredoc_end']);

/**
 * Adds a redirect to `redirects`. tree-sitter-bash nests the rest of a here-document's first line
 * inside the redirect (`cat <<EOF > out | sh && rm x`): its redirects belong to the command, and
 * its pipelines and commands run too, so they go to `after` to be analysed like the others.
 */
function splitRedirect(node: Node, redirects: ShellRedirect[], after: Node[]): void {
  if (node.type !== 'heredoc_redirect') {
    redirects.push(redirectOf(node));
    return;
  }
  redirects.push({ operator: '<<', writes: false });
  for (const child of node.namedChildren) {
    if (HEREDOC_PARTS.has(child.type)) continue;
    if (child.type.endsWith('_redirect')) splitRedirect(child, redirects, after);
    else after.push(child);
  }
}

function redirectOf(node: Node): ShellRedirect {
  if (node.type !== 'file_redirect') return { operator: node.firstChild?.text ?? '<<', writes: false };
  const operator = node.children.find((c) => !c.isNamed)?.text ?? '>';
  const destination = node.childForFieldName('destination');
  const target = destination ? shellWord(destination) : undefined;
  const copiesDescriptor = (operator === '>&' || operator === '<&') && (target === undefined || /^(\d+|-)$/.test(target.value));
  const writing = operator.includes('>') && !copiesDescriptor;
  const writes = writing && !(target && !target.dynamic && HARMLESS_DEVICES.has(target.value));
  return { operator, target: copiesDescriptor ? undefined : target, writes };
}
