import { afterEach, describe, expect, it } from '@jest/globals';
import { mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, ConversationState, ToolRegistry } from '@toolwright/sdk';
import { registerBuiltinTools } from '@toolwright/tools';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function editorAgent(): Promise<{ agent: Agent; file: string }> {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'tw-pipe-')));
  dirs.push(dir);
  const file = join(dir, 'notes.txt');
  writeFileSync(file, Array.from({ length: 20 }, (_, i) => `line ${i}`).join('\n') + '\n');
  const agent = new Agent({ registry: registerBuiltinTools(new ToolRegistry()), tools: [{ name: 'file_editor' }] });
  await agent.initialize(new ConversationState({ workingDir: dir }));
  return { agent, file };
}

describe('per-resource write order across entry points (issue 9 item 1)', () => {
  it('keeps all 20 concurrent single executeToolCall str_replace edits of one file', async () => {
    const { agent, file } = await editorAgent();
    try {
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          agent.executeToolCall({ id: `e${i}`, name: 'file_editor', arguments: JSON.stringify({ command: 'str_replace', path: file, old_str: `line ${i}\n`, new_str: `edited ${i}\n` }) }),
        ),
      );
      expect(results.filter((r) => r.observation.isError).map((r) => r.observation.text)).toEqual([]);
      expect(readFileSync(file, 'utf8')).toBe(Array.from({ length: 20 }, (_, i) => `edited ${i}`).join('\n') + '\n');
    } finally {
      await agent.close();
    }
  });

  it('orders direct tool.call edits (same conversation) with the agent\'s', async () => {
    const { agent, file } = await editorAgent();
    try {
      const tool = agent.toolsMap.get('file_editor')!;
      const edits = Array.from({ length: 20 }, (_, i) => {
        const args = { command: 'str_replace', path: file, old_str: `line ${i}\n`, new_str: `edited ${i}\n` };
        return i % 2 === 0
          ? agent.executeToolCall({ id: `e${i}`, name: 'file_editor', arguments: args }).then((r) => r.observation)
          : tool.call(tool.actionFromArguments(args), { state: agent.state });
      });
      const observations = await Promise.all(edits);
      expect(observations.filter((o) => o.isError).map((o) => o.text)).toEqual([]);
      expect(readFileSync(file, 'utf8')).toBe(Array.from({ length: 20 }, (_, i) => `edited ${i}`).join('\n') + '\n');
    } finally {
      await agent.close();
    }
  });
});
