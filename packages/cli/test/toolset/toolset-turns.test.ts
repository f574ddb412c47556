import { afterAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, ConversationState } from '@toolwright/sdk';
import { FilteredToolset, FunctionToolset, ToolGroupsToolset } from '@toolwright/sdk/toolsets';
import type { Toolset as SdkToolset } from '@toolwright/sdk/toolsets';
import { OpenedToolset } from '../../src/toolset/opened-toolset.js';
import type { CallOutcome } from '../../src/toolset/opened-toolset.js';
import { sampleTools } from '../helpers/sample-tools.js';

const dir = mkdtempSync(join(tmpdir(), 'toolwright-turns-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The sum of a successful `sum` call (its Observation's field), or the error text. */
const sumOf = (outcome: CallOutcome): number | string => (outcome.observation.isError ? outcome.observation.text : (outcome.observation as unknown as { sum: number }).sum);
const tool = (name: string) => sampleTools().find((t) => t.name === name)!;

async function toolsetOver(toolsets: SdkToolset[]): Promise<OpenedToolset> {
  const state = new ConversationState({ workingDir: dir, stateDir: mkdtempSync(join(dir, 'state-')) });
  const agent = new Agent({ extraTools: [tool('echo')], toolsets });
  await agent.initialize(state);
  return new OpenedToolset(agent, state, new Set());
}

describe('Toolset turns (--context for shell and serve)', () => {
  it('lists the static tools only until a turn is started, then the view of a turn for the context values', async () => {
    const admin = new FilteredToolset(new FunctionToolset([tool('sum')]), { when: (ctx) => ctx.values.role === 'admin' });
    const toolset = await toolsetOver([admin]);
    try {
      expect(toolset.names()).toEqual(['echo']);
      await toolset.startTurns({ role: 'admin' });
      expect(toolset.names()).toEqual(['echo', 'sum']);
      expect(toolset.rows().map((row) => [row.name, row.origin])).toEqual([
        ['echo', 'native'],
        ['sum', 'toolset'],
      ]);
      expect(sumOf(await toolset.execute('sum', { a: 1, b: 2 }))).toBe(3);
      await toolset.startTurns({ role: 'guest' });
      expect(toolset.names()).toEqual(['echo']);
      expect((await toolset.execute('sum', { a: 1, b: 2 })).observation.text).toBe("Tool 'sum' not found. Available: echo.");
    } finally {
      await toolset.close();
    }
  });

  it('with afterEachCall, starts the next turn after every call: a group activated by reset_tools is listed and callable', async () => {
    const groups = new ToolGroupsToolset({ groups: [{ name: 'math', description: 'Arithmetic.', tools: [tool('sum')] }] });
    const toolset = await toolsetOver([groups]);
    try {
      await toolset.startTurns({}, { afterEachCall: true });
      expect(toolset.names()).toEqual(['echo', 'reset_tools']);
      expect((await toolset.execute('reset_tools', { math: true })).observation.text).toBe('The currently activated tool group(s): math.');
      expect(toolset.names()).toEqual(['echo', 'sum', 'reset_tools']);
      expect(sumOf(await toolset.execute('sum', { a: 2, b: 3 }))).toBe(5);
    } finally {
      await toolset.close();
    }
  });

  it('without afterEachCall, keeps the turn: the activation shows only at the next startTurns', async () => {
    const groups = new ToolGroupsToolset({ groups: [{ name: 'math', description: 'Arithmetic.', tools: [tool('sum')] }] });
    const toolset = await toolsetOver([groups]);
    try {
      await toolset.startTurns({});
      await toolset.execute('reset_tools', { math: true });
      expect(toolset.names()).toEqual(['echo', 'reset_tools']);
      await toolset.startTurns({});
      expect(toolset.names()).toEqual(['echo', 'sum', 'reset_tools']);
    } finally {
      await toolset.close();
    }
  });

  it("tells onTurnError when a later turn cannot be resolved, and keeps the last view", async () => {
    let clash = false;
    const second = new FilteredToolset(new FunctionToolset([tool('sum')], { label: 'second' }), { when: () => clash });
    const toolset = await toolsetOver([new FunctionToolset([tool('sum')], { label: 'first' }), second]);
    const errors: string[] = [];
    try {
      await toolset.startTurns({}, { afterEachCall: true, onTurnError: (error) => errors.push((error as Error).message) });
      clash = true;
      expect((await toolset.execute('echo', { text: 'hi' })).observation.isError).toBe(false);
      expect(errors).toEqual(["Tool name 'sum' is produced by both first (toolset 1) and second (toolset 2) of the agent. Rename or prefix one of them, or pass onConflict: 'last-wins' | 'prefix'."]);
      expect(toolset.names()).toEqual(['echo', 'sum']);
    } finally {
      await toolset.close();
    }
  });
});
