import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConversationState } from '@toolwright/sdk';
import { DANGEROUS_DIRECTORIES, DANGEROUS_FILES, parseRule, PermissionEngine } from '@toolwright/sdk/policy';
import type { PermissionDecision } from '@toolwright/sdk/policy';
import { BashTool, EditTool, FileEditorTool, TerminalTool, WriteTool } from '@toolwright/tools';

/** One path per entry of the SDK's lists: the file itself, or a file inside the directory, in the home directory. */
const targets: { path: string; entry: string; kind: 'file' | 'directory' }[] = [
  ...DANGEROUS_FILES.map((entry) => ({ path: join(homedir(), entry), entry, kind: 'file' as const })),
  ...DANGEROUS_DIRECTORIES.map((entry) => ({ path: join(homedir(), entry, 'credentials'), entry, kind: 'directory' as const })),
];

/** The file tools' protected-path ask for one target (a safety ask naming the entry: it holds in every mode). */
const fileAsk = ({ path, entry, kind }: (typeof targets)[number]): PermissionDecision => ({
  behavior: 'ask',
  reason: 'safety',
  bypassImmune: true,
  protectedPath: entry,
  suggestedRules: [],
  message: `'${path}' is ${kind === 'file' ? 'a protected file' : 'inside a protected directory'} (${entry}). Changing it needs explicit approval.`,
});

/** The bash analysis's protected-path ask for `touch <path>`. */
const bashAsk = ({ path, entry }: (typeof targets)[number]): PermissionDecision => ({
  behavior: 'ask',
  reason: 'safety',
  bypassImmune: true,
  protectedPath: entry,
  suggestedRules: [],
  message: `Command modifies '${path}', which matches the protected entry '${entry}'`,
});

describe('one list of dangerous files and directories (SDK policy), used by the file tools and the bash analysis', () => {
  let work: string;
  let state: ConversationState;
  let editor: FileEditorTool;
  let write: WriteTool;
  let edit: EditTool;
  let terminal: TerminalTool;
  let bash: BashTool;

  beforeAll(async () => {
    work = realpathSync(mkdtempSync(join(tmpdir(), 'tw-dangerous-')));
    state = new ConversationState({ workingDir: work });
    editor = FileEditorTool.create(state)[0]!;
    write = WriteTool.create(state)[0]!;
    edit = EditTool.create(state)[0]!;
    terminal = (await TerminalTool.create(state))[0]!;
    bash = (await BashTool.create(state))[0]!;
  });

  afterAll(async () => {
    await state.close();
    rmSync(work, { recursive: true, force: true });
  });

  /** A default-mode engine where a rule allows the whole tool: only a bypass-immune ask survives it. */
  const engine = (tool: string): PermissionEngine => new PermissionEngine({ mode: 'default', workingDirectories: [work], rules: [parseRule(tool, 'allow', 'code')] });

  it('is the union of what the policy and the bash analysis protected', () => {
    expect(DANGEROUS_DIRECTORIES).toEqual(['.git', '.vscode', '.idea', '.ssh', '.aws', '.gnupg', '.kube', '.docker', '.toolwright', '.husky', '.github/workflows']);
    expect(DANGEROUS_FILES).toEqual([
      '.gitconfig', '.gitmodules', '.bashrc', '.bash_profile', '.bash_login', '.bash_logout', '.zshrc', '.zprofile', '.zshenv', '.profile', '.inputrc',
      '.ssh/config', '.ssh/authorized_keys', '.netrc', '.npmrc', '.pypirc',
      '.env', '.envrc', '.env.local', '.env.development', '.env.development.local', '.env.test', '.env.test.local',
      '.env.staging', '.env.production', '.env.production.local',
    ]);
  });

  it.each(targets.map((t) => [t.path, t] as const))('file_editor create, write and edit of %s are a protected-path ask', (_path, target) => {
    const decisions = [
      engine('file_editor').check(editor, editor.actionFromArguments({ command: 'create', path: target.path, file_text: 'x' })),
      engine('write').check(write, write.actionFromArguments({ file_path: target.path, content: 'x' })),
      engine('edit').check(edit, edit.actionFromArguments({ file_path: target.path, old_string: 'a', new_string: 'b' })),
    ];
    expect(decisions).toEqual([fileAsk(target), fileAsk(target), fileAsk(target)]);
  });

  it.each(targets.map((t) => [t.path, t] as const))('terminal and bash: touch %s is a protected-path ask', async (_path, target) => {
    // The shell analysis loads on the first permission question: check may answer with a promise.
    const decisions = await Promise.all([
      engine('terminal').check(terminal, terminal.actionFromArguments({ command: `touch ${target.path}` })),
      engine('bash').check(bash, bash.actionFromArguments({ command: `touch ${target.path}` })),
    ]);
    expect(decisions).toEqual([bashAsk(target), bashAsk(target)]);
  });

  it('writing ~/.aws/credentials is a protected-path ask in both', async () => {
    const path = join(homedir(), '.aws', 'credentials');
    const target = { path, entry: '.aws', kind: 'directory' as const };
    expect(engine('write').check(write, write.actionFromArguments({ file_path: path, content: '[default]\n' }))).toEqual(fileAsk(target));
    expect(await engine('terminal').check(terminal, terminal.actionFromArguments({ command: `echo '[default]' > ${path}` }))).toEqual(bashAsk(target));
  });
});
