import { afterAll, describe, expect, it } from '@jest/globals';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IsString } from 'class-validator';
import { Action, Agent, ConversationState, Field, Service, ToolRegistry, functionTool } from '@toolwright/sdk';
import { ExternalToolset, FunctionToolset, MethodToolset, ToolGroupsToolset, ToolMethod, loadSkill } from '@toolwright/sdk/toolsets';
import type { ToolDefinition } from '@toolwright/sdk';
import type { McpToolset } from '@toolwright/sdk/mcp';
import { BUILTIN_PRESETS, registerBuiltinTools } from '@toolwright/tools';
import { createToolGroupToolset, KeywordBank, MemoryProvider, ToolGroupRuntime } from '@toolwright/providers';

class NoteAction extends Action {
  @Field({ description: 'The note' }) @IsString() text!: string;
}

@Service()
class Notes {
  @ToolMethod({ description: 'Add a note.' })
  add_note(action: NoteAction): string {
    return `noted ${action.text}`;
  }
}

const dir = mkdtempSync(join(tmpdir(), 'tw-unknown-field-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Every built-in tool (all presets), every bundled tool (reset_tools, skill, function and method tools, external tools) and the providers' tools, in one agent. */
async function everyTool(): Promise<{ agent: Agent; close: () => Promise<void> }> {
  const skillDir = join(dir, 'skills', 'pdf');
  mkdirSync(skillDir, { recursive: true });
  writeFileSync(join(skillDir, 'SKILL.md'), '---\nname: pdf\ndescription: Fill PDF forms.\n---\nUse the pdf tools.\n');
  const registry = registerBuiltinTools({ preset: 'all', registry: new ToolRegistry() });
  const runtime = new ToolGroupRuntime({ providers: [new MemoryProvider({ banks: [new KeywordBank('docs')] })] });
  runtime.registerToolGroup({ toolgroupId: 'builtin::memory', providerId: 'memory' });
  const provided: McpToolset = await createToolGroupToolset(runtime, { toolgroups: ['builtin::memory'] });
  const agent = new Agent({
    registry,
    tools: BUILTIN_PRESETS.all.map((name) => ({ name })),
    extraTools: [...provided.tools],
    toolsets: [
      new FunctionToolset([functionTool((action: NoteAction) => action.text, { name: 'echo_note', description: 'Echo a note.', action: NoteAction })]),
      new MethodToolset(Notes),
      new ExternalToolset([{ name: 'ask_user', description: 'Ask the user.', parameters: { type: 'object', properties: { question: { type: 'string' } }, required: ['question'], additionalProperties: false } }]),
      new ToolGroupsToolset({ basic: { skills: [await loadSkill(skillDir)] }, groups: [{ name: 'db', description: 'Database tools.', tools: [] }] }),
    ],
  });
  await agent.initialize(new ConversationState({ workingDir: dir }));
  await agent.startTurn();
  return {
    agent,
    close: async () => {
      await agent.close();
      await provided.close();
      await runtime.close();
    },
  };
}

describe('every built-in and bundled tool', () => {
  it('refuses an unknown argument with an error Observation naming it (no tool skips validation)', async () => {
    const { agent, close } = await everyTool();
    try {
      const tools: readonly ToolDefinition[] = agent.view.tools();
      const names = tools.map((tool) => tool.name);
      // The list is what it claims: every preset's tools and each bundled kind are here.
      for (const name of [...BUILTIN_PRESETS.all, 'reset_tools', 'skill', 'echo_note', 'add_note', 'ask_user', 'memory_query', 'memory_insert']) expect(names).toContain(name);
      const accepted: string[] = [];
      for (const tool of tools) {
        const result = await agent.executeToolCall({ id: `u-${tool.name}`, name: tool.name, arguments: { zz_unknown: 1 } });
        if (!(result.observation.isError && result.observation.errorCode === 'INVALID_ARGUMENTS' && result.observation.text.includes('zz_unknown'))) accepted.push(`${tool.name}: ${result.observation.text.slice(0, 120)}`);
      }
      expect(accepted).toEqual([]);
    } finally {
      await close();
    }
  });
});
