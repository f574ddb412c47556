import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConversationState } from '@toolwright/sdk';
import { parseRule, PERMISSION_MODES, PermissionEngine, policyOptionsFromConfig } from '@toolwright/sdk/policy';
import type { PermissionDecision, PermissionMode, PermissionRule } from '@toolwright/sdk/policy';
import { FileEditorTool, GlobTool, GrepTool } from '@toolwright/tools';
import type { FileEditorAction } from '@toolwright/tools';

/** Adapted acceptance facts 1–12 and 23 of python-peers §1 on the real file_editor, glob and grep (Write = file_editor create, Read = view). */
describe('file tool permissions', () => {
  let root: string;
  let work: string;
  let outside: string;
  let state: ConversationState;
  let editor: FileEditorTool;
  let glob: GlobTool;
  let grep: GrepTool;

  beforeAll(() => {
    root = realpathSync(mkdtempSync(join(tmpdir(), 'tw-perm-')));
    work = join(root, 'work');
    outside = join(root, 'elsewhere');
    mkdirSync(work);
    mkdirSync(outside);
    state = new ConversationState({ workingDir: work });
    editor = FileEditorTool.create(state)[0]!;
    glob = GlobTool.create(state)[0]!;
    grep = GrepTool.create(state, { backend: 'js', ripgrepCommand: 'rg' })[0]!;
  });

  afterAll(async () => {
    await state.close();
    rmSync(root, { recursive: true, force: true });
  });

  const create = (path: string): FileEditorAction => editor.actionFromArguments({ command: 'create', path, file_text: 'x' });
  const view = (path: string): FileEditorAction => editor.actionFromArguments({ command: 'view', path });
  const engine = (mode: PermissionMode, ...rules: string[]): PermissionEngine =>
    new PermissionEngine({ mode, workingDirectories: [work], rules: rules.map((r) => parseRule(r.slice(r.indexOf(' ') + 1), r.slice(0, r.indexOf(' ')) as PermissionRule['behavior'], 'code')) });
  const decide = (e: PermissionEngine, action: FileEditorAction): PermissionDecision => e.check(editor, action) as PermissionDecision;

  it('fact 1: default mode, a write outside with no rules → ask, not a safety ask', () => {
    const d = decide(engine('default'), create(join(outside, 'test.py')));
    expect([d.behavior, d.reason, d.bypassImmune]).toEqual(['ask', 'fallback', undefined]);
    expect(d.message).toBe("No rule allows this call of 'file_editor'.");
  });

  it('fact 5: allow file_editor(<dir>/**) allows writes below it and asks elsewhere', () => {
    const e = engine('default', `allow file_editor(${outside}/**)`);
    expect(decide(e, create(join(outside, 'subdir', 'test.txt'))).behavior).toBe('allow');
    expect(decide(e, create(join(root, 'test.txt'))).behavior).toBe('ask');
  });

  it('relative path rules are relative to the working directory', () => {
    const e = engine('default', 'allow file_editor(src/**)');
    expect(decide(e, create(join(work, 'src', 'a', 'b.ts'))).behavior).toBe('allow');
    expect(decide(e, create(join(work, 'lib', 'b.ts'))).behavior).toBe('ask');
    expect(decide(e, create(join(outside, 'src', 'b.ts'))).behavior).toBe('ask');
  });

  it('fact 6: ~/.bashrc gives a protected-path ask that a tool-wide allow rule does not silence', () => {
    const path = join(homedir(), '.bashrc');
    expect(decide(engine('default', 'allow file_editor'), create(path))).toEqual({
      behavior: 'ask',
      reason: 'safety',
      bypassImmune: true,
      protectedPath: '.bashrc',
      suggestedRules: [],
      message: `'${path}' is a protected file (.bashrc). Changing it needs explicit approval.`,
    });
  });

  it('fact 7 (fixed): ~/.ssh/config is caught by its file entry, not only by the .ssh directory', () => {
    const path = join(homedir(), '.ssh', 'config');
    expect(decide(engine('default'), create(path)).message).toBe(`'${path}' is a protected file (.ssh/config). Changing it needs explicit approval.`);
    expect(decide(engine('default'), create(join(work, '.git', 'hooks', 'pre-commit'))).message).toBe(
      `'${join(work, '.git', 'hooks', 'pre-commit')}' is inside a protected directory (.git). Changing it needs explicit approval.`,
    );
  });

  it('fact 8 (changed: protected paths): bypass asks for a protected path; deny rules deny and ask rules ask', () => {
    expect(decide(engine('bypass'), create(join(homedir(), '.bashrc'))).behavior).toBe('ask');
    const unprotected = new PermissionEngine({ mode: 'bypass', workingDirectories: [work], protectedPaths: false });
    expect(decide(unprotected, create(join(homedir(), '.bashrc'))).behavior).toBe('allow');
    expect(decide(engine('bypass', 'deny file_editor(src/**)'), create(join(work, 'src', 'a.ts'))).behavior).toBe('deny');
    expect(decide(engine('bypass', 'ask file_editor'), create(join(work, 'a.ts'))).behavior).toBe('ask');
  });

  it('fact 9: dontAsk denies a write outside the working directories and converts the safety ask', () => {
    expect(decide(engine('dontAsk'), create(join(outside, 'a.txt'))).behavior).toBe('deny');
    expect(decide(engine('dontAsk'), create(join(work, 'a.txt'))).behavior).toBe('allow');
    const path = join(work, '.env');
    expect(decide(engine('dontAsk'), create(path))).toEqual({
      behavior: 'deny',
      reason: 'safety',
      bypassImmune: true,
      protectedPath: '.env',
      suggestedRules: [],
      message: `DONT_ASK mode converted ASK to DENY. Original reason: '${path}' is a protected file (.env). Changing it needs explicit approval.`,
    });
  });

  it('fact 10: explore denies a write despite allow rules; an ask rule on view still asks', () => {
    expect(decide(engine('explore', 'allow file_editor'), create(join(work, 'a.txt')))).toEqual({
      behavior: 'deny',
      reason: 'mode',
      message: "'file_editor' may change things (explore mode is read-only).",
    });
    expect(decide(engine('explore', 'ask file_editor(secret/**)'), view(join(work, 'secret', 'a'))).behavior).toBe('ask');
  });

  it('fact 11: view, glob and grep are allowed in all five modes', () => {
    for (const mode of PERMISSION_MODES) {
      const e = engine(mode);
      expect([
        decide(e, view(join(work, 'a.txt'))).behavior,
        (e.check(glob, glob.actionFromArguments({ pattern: '**/*.ts' })) as PermissionDecision).behavior,
        (e.check(grep, grep.actionFromArguments({ pattern: 'x', path: outside })) as PermissionDecision).behavior,
      ]).toEqual(['allow', 'allow', 'allow']);
    }
  });

  it('a deny rule on a directory keeps glob and grep out of it', () => {
    const e = engine('default', `deny glob(${outside}/**)`, `deny grep(${outside}/**)`);
    expect((e.check(glob, glob.actionFromArguments({ pattern: '*', path: outside })) as PermissionDecision).behavior).toBe('deny');
    expect((e.check(grep, grep.actionFromArguments({ pattern: 'x', path: join(outside, 'sub') })) as PermissionDecision).behavior).toBe('deny');
    expect((e.check(grep, grep.actionFromArguments({ pattern: 'x', path: work })) as PermissionDecision).behavior).toBe('allow');
  });

  it('fact 12: acceptEdits allows writes inside the working directory or a symlinked one, asks outside', () => {
    const link = join(root, 'link-to-work');
    symlinkSync(work, link);
    const e = new PermissionEngine({ mode: 'acceptEdits', workingDirectories: [link] });
    expect(decide(e, create(join(work, 'new', 'a.txt'))).behavior).toBe('allow');
    expect(decide(e, create(join(link, 'b.txt'))).behavior).toBe('allow');
    expect(decide(e, create(join(outside, 'c.txt'))).behavior).toBe('ask');
  });

  it('fact 23 (file part): suggestions are the directory plus /** (relative inside the working directory)', () => {
    expect(decide(engine('default'), create('/tmp/test.py')).suggestedRules).toEqual([{ tool: 'file_editor', content: '/tmp/**', behavior: 'allow' }]);
    expect(decide(engine('default'), create(join(work, 'src', 'a.ts'))).suggestedRules).toEqual([{ tool: 'file_editor', content: 'src/**', behavior: 'allow' }]);
  });

  it('rules from a spec permissions section keep their source', () => {
    const options = policyOptionsFromConfig({ allow: ['file_editor(docs/**)'], deny: ['file_editor(docs/secret/**)'] });
    const e = new PermissionEngine({ rules: options.rules, workingDirectories: [work] });
    expect(decide(e, create(join(work, 'docs', 'a.md'))).message).toBe("Rule file_editor(docs/**) (spec) allows this call of 'file_editor'.");
    expect(decide(e, create(join(work, 'docs', 'secret', 'a.md'))).message).toBe("Rule file_editor(docs/secret/**) (spec) denies this call of 'file_editor'.");
  });
});
