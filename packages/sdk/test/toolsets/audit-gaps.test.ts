/**
 * Rules of issue 12 that had no test of their own: the approval predicate (ctx, tool, args), a
 * 'prefix' collision that cannot be settled, function tools' concurrencySafe, and the SKILL.md
 * checks beyond the frontmatter (size, file type, description length).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { IsInt } from 'class-validator';
import { Action, Agent, Field, ToolwrightError, functionTool } from '@toolwright/sdk';
import {
  ApprovalRequiredToolset,
  CombinedToolset,
  FunctionToolset,
  MAX_SKILL_BYTES,
  ToolGroupsToolset,
  loadSkill,
} from '@toolwright/sdk/toolsets';
import type { ApprovalRequest } from '@toolwright/sdk/policy';
import type { ToolDefinition } from '@toolwright/sdk';
import type { TurnContext } from '@toolwright/sdk/toolsets';
import { callOf, conversation, textTool } from './fixtures.js';

const root = mkdtempSync(join(tmpdir(), 'tw-audit-gaps-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('ApprovalRequiredToolset with a predicate', () => {
  it('asks only for the calls the predicate picks, given the turn context, the tool and the arguments', async () => {
    const seen: [unknown, string, Record<string, unknown>][] = [];
    const requests: ApprovalRequest[] = [];
    const set = new ApprovalRequiredToolset(new FunctionToolset([textTool('deploy')]), (ctx: TurnContext, tool: ToolDefinition, args) => {
      seen.push([ctx.values.env, tool.name, args]);
      return args.text === 'production';
    });
    const agent = new Agent({ toolsets: [set], policy: { grantsFile: false, onApproval: (request) => (requests.push(request), { type: 'approve' }) } });
    await agent.initialize(conversation());
    await agent.startTurn({ env: 'eu' });
    expect((await agent.executeToolCall(callOf('deploy', 'staging', 'a'))).observation.text).toBe('deploy:staging');
    expect(requests).toEqual([]);
    expect((await agent.executeToolCall(callOf('deploy', 'production', 'b'))).observation.text).toBe('deploy:production');
    expect(requests.map((r) => [r.toolName, r.reason, r.metadata])).toEqual([['deploy', "Calls of 'deploy' need approval (ApprovalRequiredToolset).", { approvalRequired: true }]]);
    expect(seen).toEqual([
      ['eu', 'deploy', { text: 'staging' }],
      ['eu', 'deploy', { text: 'production' }],
    ]);
    await agent.close();
  });

  it('leaves the picked call pending when nobody answers approvals (deferred)', async () => {
    const set = new ApprovalRequiredToolset(new FunctionToolset([textTool('deploy')]));
    const agent = new Agent({ toolsets: [set], policy: { grantsFile: false } });
    await agent.initialize(conversation());
    await agent.startTurn();
    const result = await agent.executeToolCall(callOf('deploy', 'now'));
    expect(result.pending?.request.metadata).toEqual({ approvalRequired: true });
    expect(result.pending?.request.arguments).toEqual({ text: 'now' });
    await agent.close();
  });
});

describe('reset_tools under a policy', () => {
  it('is read-only, so explore mode lets the model switch groups, while the group tools keep their own verdict', async () => {
    const dir = mkdtempSync(join(root, 'explore-'));
    const groups = new ToolGroupsToolset({
      groups: [{ name: 'ops', description: 'Operations.', tools: [textTool('status'), textTool('restart', { readOnlyHint: false, destructiveHint: true })] }],
    });
    const agent = new Agent({ toolsets: [groups], policy: { mode: 'explore', grantsFile: false } });
    await agent.initialize(conversation('explore', dir));
    await agent.startTurn();
    expect((await agent.executeToolCall({ id: 'r', name: 'reset_tools', arguments: '{"ops": true}' })).observation.text).toBe('The currently activated tool group(s): ops.');
    expect((await agent.startTurn()).names()).toEqual(['status', 'restart', 'reset_tools']);
    expect((await agent.executeToolCall(callOf('status', 'x'))).observation.text).toBe('status:x');
    expect((await agent.executeToolCall(callOf('restart', 'x'))).observation.text).toBe(
      "Permission denied for tool 'restart': 'restart' may change things (explore mode is read-only). Do not retry the same call; choose another way or ask the user.",
    );
    await agent.close();
  });
});

describe("CombinedToolset 'prefix'", () => {
  it("binds the renamed tool's instruction to its new name (written only while that name is in view)", async () => {
    const combined = () =>
      new CombinedToolset(
        [
          new FunctionToolset([textTool('search')], { label: 'web', instructions: { search: { group: 'web', content: 'Web search.' } } }),
          new FunctionToolset([textTool('search')], { label: 'docs', instructions: { search: { group: 'docs', content: 'Docs search.' } } }),
        ],
        { onConflict: 'prefix' },
      );
    const text = async (visible?: (tool: ToolDefinition) => boolean): Promise<string> => {
      const agent = new Agent({ toolsets: [combined()], ...(visible ? { visible } : {}) });
      await agent.initialize(conversation());
      await agent.startTurn();
      const out = await agent.instructions();
      await agent.close();
      return out;
    };
    expect(await text()).toBe('<tool-instruction name="web">Web search.</tool-instruction>\n<tool-instruction name="docs">Docs search.</tool-instruction>');
    expect(await text((tool) => tool.name !== 'docs_search')).toBe('<tool-instruction name="web">Web search.</tool-instruction>');
    expect(await text((tool) => tool.name !== 'search')).toBe('<tool-instruction name="docs">Docs search.</tool-instruction>');
  });

  it('throws DUPLICATE_TOOL when the prefixed name is taken too (never silent)', () => {
    const docs = new FunctionToolset([textTool('search')], { label: 'docs' });
    const taken = new FunctionToolset([textTool('search'), textTool('docs_search')], { label: 'web' });
    let error: unknown;
    try {
      new CombinedToolset([taken, docs], { onConflict: 'prefix' }).tools({ values: {} });
    } catch (e) {
      error = e;
    }
    expect(ToolwrightError.isInstance(error) && [error.code, error.message]).toEqual([
      'DUPLICATE_TOOL',
      "Tool name 'search' is produced by both web (toolset 1) and docs (toolset 2) of CombinedToolset. Rename or prefix one of them, or pass onConflict: 'last-wins' | 'prefix'.",
    ]);
  });
});

class WaitAction extends Action {
  @Field({ description: 'Milliseconds' }) @IsInt() ms!: number;
}

describe('functionTool concurrencySafe', () => {
  async function overlap(concurrencySafe: boolean): Promise<number> {
    let running = 0;
    let most = 0;
    const wait = functionTool(
      async (action: WaitAction) => {
        most = Math.max(most, ++running);
        await new Promise((resolve) => setTimeout(resolve, action.ms));
        running--;
        return 'done';
      },
      { name: 'wait', description: 'Waits.', action: WaitAction, concurrencySafe },
    );
    const agent = new Agent({ extraTools: [wait] });
    await agent.initialize(conversation());
    const calls = ['a', 'b', 'c'].map((id) => ({ id, name: 'wait', arguments: '{"ms": 40}' }));
    const results = await agent.executeToolCalls(calls);
    expect(results.map((r) => r.observation.text)).toEqual(['done', 'done', 'done']);
    await agent.close();
    return most;
  }

  it('runs calls at the same time only when declared concurrency-safe (default: a writer runs alone)', async () => {
    expect(await overlap(false)).toBe(1);
    expect(await overlap(true)).toBe(3);
  });
});

describe('SKILL.md checks', () => {
  function skillDir(name: string, text: string): string {
    const dir = join(root, name);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'SKILL.md'), text);
    return dir;
  }

  async function rejection(directory: string): Promise<string> {
    const error = await loadSkill(directory).then(() => undefined, (e: unknown) => e);
    if (!ToolwrightError.isInstance(error)) throw new Error('expected a ToolwrightError');
    return error.message;
  }

  it('refuses a file over the size limit, a SKILL.md that is not a file, a long description and a frontmatter that is not a mapping', async () => {
    const text = `---\nname: big\ndescription: d\n---\n${'x'.repeat(MAX_SKILL_BYTES)}`;
    const big = skillDir('big', text);
    expect(await rejection(big)).toBe(`Skill ${join(big, 'SKILL.md')}: is ${text.length} bytes; at most ${MAX_SKILL_BYTES} are read.`);
    const folder = join(root, 'folder');
    mkdirSync(join(folder, 'SKILL.md'), { recursive: true });
    expect(await rejection(folder)).toBe(`Skill ${join(folder, 'SKILL.md')}: is not a regular file.`);
    const long = skillDir('long', `---\nname: long\ndescription: ${'d'.repeat(1025)}\n---\n`);
    expect(await rejection(long)).toBe(`Skill ${join(long, 'SKILL.md')}: frontmatter description is 1025 characters; at most 1024.`);
    const list = skillDir('list', '---\n- name\n- description\n---\n');
    expect(await rejection(list)).toBe(`Skill ${join(list, 'SKILL.md')}: frontmatter must be a mapping with name and description.`);
  });

  it('the viewer refuses a SKILL.md that grew past the limit after loading, instead of reading it whole', async () => {
    const dir = skillDir('grows', '---\nname: grows\ndescription: Grows later.\n---\nShort.\n');
    const skill = await loadSkill(dir);
    const grown = `---\nname: grows\ndescription: Grows later.\n---\n${'y'.repeat(MAX_SKILL_BYTES)}`;
    writeFileSync(skill.file, grown);
    const agent = new Agent({ toolsets: [new ToolGroupsToolset({ basic: { skills: [skill] }, groups: [] })] });
    await agent.initialize(conversation());
    await agent.startTurn();
    const result = await agent.executeToolCall({ id: 's', name: 'skill', arguments: '{"name":"grows"}' });
    expect(result.observation.isError).toBe(true);
    expect(result.observation.text).toBe(
      `Tool 'skill' failed: Skill 'grows': ${skill.file} is now ${grown.length} bytes; at most ${MAX_SKILL_BYTES} are read. Ask the user to shorten it.`,
    );
    await agent.close();
  });
});
