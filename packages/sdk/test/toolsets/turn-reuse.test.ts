/**
 * What an unchanged turn reuses (issue 12: "unchanged toolsets cost nothing on the next turn"),
 * what a changed one keeps (derived tools per source tool), and the original name surviving
 * every derivation.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { Agent } from '@toolwright/sdk';
import {
  ApprovalRequiredToolset,
  FilteredToolset,
  FunctionToolset,
  PrefixedToolset,
  RenamedToolset,
  ToolGroupsToolset,
  ToolsetResolver,
  WrapperToolset,
  deriveTool,
  originalNameOf,
} from '@toolwright/sdk/toolsets';
import type { Action, Observation, ToolDefinition } from '@toolwright/sdk';
import type { ApprovalRequest } from '@toolwright/sdk/policy';
import type { Toolset, TurnContext, WrappedCall } from '@toolwright/sdk/toolsets';
import { callOf, conversation, textTool } from './fixtures.js';

const ctx = (values: Record<string, unknown> = {}): TurnContext => ({ values });
const names = (tools: readonly ToolDefinition[]): string[] => tools.map((t) => t.name);

class PassThrough extends WrapperToolset {
  callTool(_call: WrappedCall, next: (action?: Action) => Promise<Observation>): Promise<Observation> {
    return next();
  }
}

describe('FilteredToolset per-tool predicate', () => {
  it('asks each tool once per turn and gives the same array while the verdicts stay the same', () => {
    const asked: string[] = [];
    const hide = new Set<string>();
    const set = new FilteredToolset(new FunctionToolset([textTool('a'), textTool('b'), textTool('c'), textTool('d')]), {
      keep: (_c, tool) => (asked.push(tool.name), !hide.has(tool.name)),
    });
    const first = set.tools(ctx()) as ToolDefinition[];
    expect(asked).toEqual(['a', 'b', 'c', 'd']);
    asked.length = 0;
    expect(set.tools(ctx())).toBe(first);
    expect(asked).toEqual(['a', 'b', 'c', 'd']);
    asked.length = 0;
    hide.add('b');
    const second = set.tools(ctx()) as ToolDefinition[];
    expect(asked).toEqual(['a', 'b', 'c', 'd']);
    expect(names(second)).toEqual(['a', 'c', 'd']);
    expect(set.tools(ctx())).toBe(second);
    hide.add('d');
    expect(names(set.tools(ctx()) as ToolDefinition[])).toEqual(['a', 'c']);
    hide.clear();
    expect(names(set.tools(ctx()) as ToolDefinition[])).toEqual(['a', 'b', 'c', 'd']);
    hide.add('a').add('b').add('c').add('d');
    expect(set.tools(ctx())).toEqual([]);
  });
});

describe('wrappers over a changed inner toolset', () => {
  const wrappers: [string, (inner: Toolset) => Toolset][] = [
    ['PrefixedToolset', (inner) => new PrefixedToolset(inner, 'p_')],
    ['RenamedToolset', (inner) => new RenamedToolset(inner, { a: 'alpha', b: 'beta', c: 'gamma' })],
    ['WrapperToolset', (inner) => new PassThrough(inner)],
    ['ApprovalRequiredToolset', (inner) => new ApprovalRequiredToolset(inner)],
  ];

  it.each(wrappers)('%s gives the same array while nothing changed, and keeps each derived tool when another tool is added', async (_name, wrap) => {
    const inner = new FunctionToolset([textTool('a'), textTool('b')]);
    const set = wrap(inner);
    const first = await set.tools(ctx());
    expect(await set.tools(ctx({ other: 1 }))).toBe(first);
    inner.addTool(textTool('c'));
    const second = await set.tools(ctx());
    expect(second).not.toBe(first);
    expect(second).toHaveLength(3);
    expect(second[0]).toBe(first[0]);
    expect(second[1]).toBe(first[1]);
    expect(second[2]).not.toBe(inner.tools()[2]);
    inner.addTool(textTool('d'));
    const third = await set.tools(ctx());
    expect(third.slice(0, 3).map((tool, i) => tool === second[i])).toEqual([true, true, true]);
    expect(originalNameOf(third[3]!) ?? third[3]!.name).toBe('d');
  });

  it('does not share derived tools between two wrappers of one tool', async () => {
    const inner = new FunctionToolset([textTool('a')]);
    const [one] = await new PrefixedToolset(inner, 'x_').tools(ctx());
    const [two] = await new PrefixedToolset(inner, 'y_').tools(ctx());
    expect([one!.name, two!.name]).toEqual(['x_a', 'y_a']);
  });

  it('derives copies that do not share their middleware list with the source', () => {
    const source = textTool('a');
    const copy = deriveTool(source, { description: 'Other.' });
    copy.use(async function* (_invocation, next) {
      yield* next();
    });
    expect([source.middleware.length, copy.middleware.length]).toEqual([0, 1]);
    expect([source.description, copy.description]).toEqual(['The a tool.', 'Other.']);
  });
});

describe('the original name of a renamed tool', () => {
  it('survives a wrapper, an approval wrapper and a second rename derived from it', async () => {
    const renamed = new RenamedToolset(new FunctionToolset([textTool('search')]), { search: 'find' });
    const [wrapped] = await new PassThrough(renamed).tools(ctx());
    const [approval] = await new ApprovalRequiredToolset(renamed).tools(ctx());
    const [twice] = await new PrefixedToolset(renamed, 'web_').tools(ctx());
    expect([wrapped!.name, originalNameOf(wrapped!)]).toEqual(['find', 'search']);
    expect([approval!.name, originalNameOf(approval!)]).toEqual(['find', 'search']);
    expect([twice!.name, originalNameOf(twice!)]).toEqual(['web_find', 'search']);
    expect(originalNameOf(textTool('search'))).toBeUndefined();
  });

  it('reaches a WrapperToolset beside the model-facing name, whether the rename is inside or outside it', async () => {
    const calls: string[] = [];
    class Log extends WrapperToolset {
      callTool(call: WrappedCall, next: (action?: Action) => Promise<Observation>): Promise<Observation> {
        calls.push(`${call.toolName} (was ${call.originalName ?? 'the same'})`);
        return next();
      }
    }
    const inside = new Log(new PrefixedToolset(new FunctionToolset([textTool('a')]), 'in_'));
    const outside = new PrefixedToolset(new Log(new FunctionToolset([textTool('b')])), 'out_');
    const plain = new Log(new FunctionToolset([textTool('c')]));
    const agent = new Agent({ toolsets: [inside, outside, plain] });
    await agent.initialize(conversation());
    await agent.startTurn();
    for (const name of ['in_a', 'out_b', 'c']) expect((await agent.executeToolCall(callOf(name, 'x'))).observation.isError).toBe(false);
    expect(calls).toEqual(['in_a (was a)', 'out_b (was b)', 'c (was the same)']);
    await agent.close();
  });

  it('is written to the audit log for an approval-required renamed tool', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tw-audit-'));
    try {
      const log = join(dir, 'audit.jsonl');
      const requests: ApprovalRequest[] = [];
      const set = new ApprovalRequiredToolset(new PrefixedToolset(new FunctionToolset([textTool('search')]), 'web_'));
      const agent = new Agent({ toolsets: [set], policy: { auditLog: log, grantsFile: false, onApproval: (request) => (requests.push(request), { type: 'approve' }) } });
      await agent.initialize(conversation());
      await agent.startTurn();
      expect((await agent.executeToolCall(callOf('web_search', 'x'))).observation.text).toBe('search:x');
      await agent.close();
      expect(requests.map((r) => [r.toolName, r.metadata])).toEqual([['web_search', { originalName: 'search', approvalRequired: true }]]);
      const lines = readFileSync(log, 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(lines.map((line) => [line.tool, line.originalTool, line.decision])).toEqual([
        ['web_search', 'search', 'ask'],
        ['web_search', 'search', 'approve'],
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('an unchanged turn', () => {
  it('gives the same resolution and the same view, also while a tool group is inactive', async () => {
    const groups = new ToolGroupsToolset({
      basic: { tools: [textTool('read')] },
      groups: [{ name: 'database', description: 'Database tools.', tools: [textTool('db_query')] }],
    });
    const dir = mkdtempSync(join(tmpdir(), 'tw-groups-'));
    try {
      const agent = new Agent({ toolsets: [groups, new PrefixedToolset(new FunctionToolset([textTool('search')]), 'web_')] });
      await agent.initialize(conversation('turns', dir));
      const view = await agent.startTurn();
      expect(view.names()).toEqual(['read', 'reset_tools', 'web_search']);
      expect(await agent.startTurn()).toBe(view);
      expect((await agent.executeToolCall(callOf('db_query'))).observation.text).toBe(
        `The tool 'db_query' is in tool group 'database', which is currently inactive. Activate the group first by calling 'reset_tools' with {"database":true} (and true for every other group you still need).`,
      );
      await agent.executeToolCall({ id: 'r', name: 'reset_tools', arguments: '{"database": true}' });
      const next = await agent.startTurn();
      expect(next).not.toBe(view);
      expect(next.names()).toEqual(['read', 'db_query', 'reset_tools', 'web_search']);
      expect(await agent.startTurn()).toBe(next);
      expect((await agent.executeToolCall(callOf('db_query', 'x'))).observation.text).toBe('db_query:x');
      await agent.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('notices a toolset that hides a new map of tools, with the same tools', async () => {
    let hidden: ReadonlyMap<string, string> = new Map([['x', 'x is hidden']]);
    const none: ToolDefinition[] = [];
    const toolset: Toolset = { tools: () => none, unavailable: () => hidden };
    const resolver = new ToolsetResolver([toolset, new FunctionToolset([textTool('a')])]);
    const first = await resolver.resolve(ctx());
    expect(await resolver.resolve(ctx())).toBe(first);
    hidden = new Map([['y', 'y is hidden']]);
    const second = await resolver.resolve(ctx());
    expect(second).not.toBe(first);
    expect(second.tools).toBe(first.tools);
    expect([...second.unavailable]).toEqual([['y', 'y is hidden']]);
    hidden = new Map();
    expect((await resolver.resolve(ctx())).unavailable.size).toBe(0);
  });
});
