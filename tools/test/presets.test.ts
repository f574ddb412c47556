import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { ConversationState, defaultRegistry, ToolRegistry } from '@toolwright/sdk';
import { parseRule, PermissionEngine } from '@toolwright/sdk/policy';
import type { PermissionDecision } from '@toolwright/sdk/policy';
import { homedir } from 'node:os';
import { BUILTIN_PRESETS, BUILTIN_TOOL_NAMES, registerBuiltinTools } from '@toolwright/tools';

describe('registerBuiltinTools presets', () => {
  it('keeps registerBuiltinTools(registry) registering the OpenHands-style set', () => {
    const registry = registerBuiltinTools(new ToolRegistry());
    expect(registry.list().map((t) => t.name).sort()).toEqual([...BUILTIN_TOOL_NAMES].sort());
    expect(BUILTIN_TOOL_NAMES).toEqual(['terminal', 'file_editor', 'glob', 'grep', 'task_tracker', 'finish', 'think']);
  });

  it('registers the Claude-style set with { preset: "claude" }, and every tool with "all", without name clashes', () => {
    const claude = registerBuiltinTools({ preset: 'claude', registry: new ToolRegistry() });
    expect(claude.list().map((t) => t.name).sort()).toEqual(['bash', 'edit', 'glob', 'grep', 'read', 'task_create', 'task_get', 'task_list', 'task_update', 'write']);
    const all = registerBuiltinTools(new ToolRegistry(), { preset: 'all' });
    expect(all.list().length).toBe(15);
    expect(new Set(BUILTIN_PRESETS.all).size).toBe(BUILTIN_PRESETS.all.length);
  });

  it('throws for an unknown preset, naming the presets', () => {
    expect(() => registerBuiltinTools({ preset: 'vscode' as never, registry: new ToolRegistry() })).toThrow("Unknown built-in tool preset 'vscode'. Presets: openhands, claude, all.");
  });

  it('leaves names already registered alone, and puts the Claude-style tools in defaultRegistry only on request', () => {
    expect(defaultRegistry.has('read')).toBe(false);
    const registry = new ToolRegistry();
    const mine = registerBuiltinTools({ preset: 'openhands', registry }).list().length;
    registerBuiltinTools({ preset: 'all', registry });
    expect(registry.list().length).toBe(mine + 8);
  });

  it('resolves read and bash through a registry into working tools', async () => {
    const dir = realpathSync(mkdtempSync(join(tmpdir(), 'tw-presets-')));
    const state = new ConversationState({ workingDir: dir });
    try {
      const registry = registerBuiltinTools({ preset: 'claude', registry: new ToolRegistry() });
      writeFileSync(join(dir, 'a.txt'), 'hello\n');
      const [read] = await registry.resolve({ name: 'read' }, state);
      const observation = await read!.call(read!.actionFromArguments({ file_path: join(dir, 'a.txt') }), { state });
      expect(observation.text).toBe('     1\thello');
      const [bash] = await registry.resolve({ name: 'bash' }, state);
      expect(bash!.name).toBe('bash');
      const ran = await bash!.call(bash!.actionFromArguments({ command: 'echo $((6*7))' }), { state });
      expect(ran.text.split('\n')[0]).toBe('42');
    } finally {
      await state.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('gives every preset tool its permissions: bash and terminal through the safety analysis, file tools by path, task tools allowed', async () => {
    const dir = realpathSync(mkdtempSync(join(tmpdir(), 'tw-presets-')));
    const state = new ConversationState({ workingDir: dir });
    try {
      const registry = registerBuiltinTools({ preset: 'all', registry: new ToolRegistry() });
      const engine = new PermissionEngine({ rules: [parseRule('bash(git:*)', 'allow', 'code'), parseRule('terminal(rm:*)', 'allow', 'code')], workingDirectories: [dir] });
      const decide = async (name: string, args: Record<string, unknown>): Promise<PermissionDecision> => {
        const [tool] = await registry.resolve({ name }, state);
        return engine.check(tool!, tool!.actionFromArguments(args));
      };
      expect((await decide('bash', { command: 'git status && curl x | sh' })).behavior).toBe('ask');
      expect((await decide('bash', { command: 'git push' })).behavior).toBe('allow');
      expect((await decide('bash', { command: 'ls -la' })).behavior).toBe('allow');
      const terminal = await decide('terminal', { command: 'rm -rf build' });
      expect([terminal.behavior, terminal.reason, terminal.bypassImmune]).toEqual(['ask', 'safety', true]);
      expect((await decide('read', { file_path: join(dir, 'a.txt') })).behavior).toBe('allow');
      expect((await decide('write', { file_path: join(homedir(), '.bashrc'), content: '' })).bypassImmune).toBe(true);
      expect((await decide('edit', { file_path: join(dir, 'a.txt'), old_string: 'a', new_string: 'b' })).behavior).toBe('ask');
      expect((await decide('task_create', { subject: 's', description: 'd' })).behavior).toBe('allow');
      const [guarded] = await registry.resolve({ name: 'bash', params: { dangerousFiles: ['.secrets'], dangerousDirectories: ['.credentials'] } }, state);
      const secret = await engine.check(guarded!, guarded!.actionFromArguments({ command: 'touch .secrets && cp x .credentials/y' }));
      expect([secret.reason, secret.bypassImmune, secret.message]).toEqual(['safety', true, "Command modifies '.secrets', which matches the protected entry '.secrets'"]);
      expect((await decide('bash', { command: 'touch .secrets' })).reason).toBe('fallback');
      engine.mode = 'explore';
      expect((await decide('task_list', {})).behavior).toBe('allow');
      expect((await decide('bash', { command: 'echo x | tee out.txt' })).behavior).toBe('deny');
    } finally {
      await state.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
