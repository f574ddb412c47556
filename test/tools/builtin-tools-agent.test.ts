import { describe, expect, it } from '@jest/globals';
import { mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ActionEvent, Agent, ConversationState, ObservationEvent, ToolRegistry } from '@toolwright/sdk';
import { BUILTIN_TOOL_NAMES, registerBuiltinTools } from '@toolwright/tools';

describe('an Agent with the built-in tools', () => {
  it('runs a scripted session as a model would send it: create → view → str_replace → grep → cat → undo', async () => {
    const dir = realpathSync(mkdtempSync(join(tmpdir(), 'tw-e2e-')));
    const registry = registerBuiltinTools(new ToolRegistry());
    const agent = new Agent({
      registry,
      tools: BUILTIN_TOOL_NAMES.map((name) => (name === 'terminal' ? { name, params: { noChangeTimeoutSeconds: 5 } } : { name })),
    });
    const state = new ConversationState({ workingDir: dir });
    await agent.initialize(state);
    const file = join(dir, 'src', 'greet.py');
    let n = 0;
    const call = async (name: string, args: Record<string, unknown>): Promise<string> => {
      const result = await agent.executeToolCall({ id: `call_${++n}`, name, arguments: JSON.stringify(args) });
      expect(result.events.map((e) => e.constructor)).toEqual([ActionEvent, ObservationEvent]);
      expect(result.observation.isError).toBe(false);
      const [first] = result.observation.toLlmContent();
      return first?.type === 'text' ? first.text : '';
    };
    try {
      expect([...agent.toolsMap.keys()].sort()).toEqual([...BUILTIN_TOOL_NAMES].sort());
      expect(agent.toolSchemas('openai')).toHaveLength(7);

      expect(await call('file_editor', { command: 'create', path: file, file_text: 'def greet():\n    return "hello"\n' })).toBe(`File created successfully at: ${file}`);
      expect(await call('file_editor', { command: 'view', path: file })).toBe(
        `Here's the result of running \`cat -n\` on ${file}:\n     1\tdef greet():\n     2\t    return "hello"\n`,
      );
      expect(await call('file_editor', { command: 'str_replace', path: file, old_str: '"hello"', new_str: '"hello, toolwright"' })).toContain(
        '     2\t    return "hello, toolwright"',
      );
      expect(await call('grep', { pattern: 'HELLO, TOOLWRIGHT', include: '*.py' })).toBe(
        `Found 1 file(s) containing pattern 'HELLO, TOOLWRIGHT' in '${dir}' (filtered by '*.py'):\n${file}`,
      );
      expect(await call('glob', { pattern: '**/*.py' })).toContain(file);
      expect(await call('terminal', { command: 'cat src/greet.py' })).toBe(
        `def greet():\n    return "hello, toolwright"\n[Current working directory: ${dir}]\n[Command finished with exit code 0]`,
      );
      expect(await call('file_editor', { command: 'undo_edit', path: file })).toContain(`Last edit to ${file} undone successfully.`);
      expect(readFileSync(file, 'utf8')).toBe('def greet():\n    return "hello"\n');
      expect(await call('task_tracker', { command: 'plan', task_list: [{ title: 'greet', status: 'done' }] })).toBe('Task list has been updated with 1 item(s).');
      expect(await call('think', { thought: 'all good' })).toBe('Your thought has been logged.');
      expect(await call('finish', { message: 'Done.' })).toBe('Done.');

      const bad = await agent.executeToolCall({ id: 'bad', name: 'file_editor', arguments: { command: 'view', path: 'relative.txt' } });
      expect(bad.observation.isError).toBe(true);
      expect(bad.observation.text).toContain('The path should be an absolute path');
    } finally {
      await agent.close();
      await state.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
