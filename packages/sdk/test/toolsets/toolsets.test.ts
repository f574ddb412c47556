import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { Agent, Observation, ToolwrightError } from '@toolwright/sdk';
import {
  ApprovalRequiredToolset,
  CombinedToolset,
  ExternalToolset,
  FilteredToolset,
  FunctionToolset,
  PrefixedToolset,
  PreparedToolset,
  RenamedToolset,
  WrapperToolset,
  deriveTool,
  originalNameOf,
} from '@toolwright/sdk/toolsets';
import type { Action, ToolDefinition } from '@toolwright/sdk';
import type { ApprovalRequest } from '@toolwright/sdk/policy';
import type { Toolset, TurnContext, WrappedCall } from '@toolwright/sdk/toolsets';
import { callOf, conversation, textTool } from './fixtures.js';

const ctx = (values: Record<string, unknown> = {}): TurnContext => ({ values });
const names = (tools: readonly ToolDefinition[]): string[] => tools.map((t) => t.name);

function errorOf(fn: () => unknown): ToolwrightError {
  try {
    fn();
  } catch (error) {
    if (ToolwrightError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected a ToolwrightError');
}

/** A toolset that records its lifecycle and carries an instruction. */
class LifecycleToolset extends FunctionToolset {
  readonly log: string[] = [];
  forRun(): void {
    this.log.push('forRun');
  }
  close(): void {
    this.log.push('close');
  }
}

describe('FunctionToolset', () => {
  it('returns the same array every turn until a tool is added', () => {
    const set = new FunctionToolset([textTool('a')]);
    const first = set.tools();
    expect(set.tools()).toBe(first);
    set.addTool(textTool('b'));
    expect(names(set.tools())).toEqual(['a', 'b']);
    expect(set.tools()).not.toBe(first);
  });

  it('refuses two tools of one name and an instruction for a tool it does not have', () => {
    expect(errorOf(() => new FunctionToolset([textTool('a'), textTool('a')], { label: 'files' })).message).toBe("files: two tools are named 'a'.");
    expect(errorOf(() => new FunctionToolset([textTool('a')], { label: 'files', instructions: { b: 'x' } })).message).toBe(
      "files: an instruction is given for tool 'b', which this toolset does not have. Tools: a.",
    );
  });
});

describe('FilteredToolset', () => {
  const inner = new FunctionToolset([textTool('read'), textTool('write')]);

  it('hides everything when the turn predicate says no', () => {
    const set = new FilteredToolset(inner, { when: (c) => c.values.role === 'admin' });
    expect(names(set.tools(ctx({ role: 'admin' })) as ToolDefinition[])).toEqual(['read', 'write']);
    expect(set.tools(ctx({ role: 'guest' }))).toEqual([]);
  });

  it('hides single tools with the per-tool predicate (ctx, tool)', () => {
    const set = new FilteredToolset(inner, { keep: (c, tool) => c.values.readOnly !== true || tool.name === 'read' });
    expect(names(set.tools(ctx({ readOnly: true })) as ToolDefinition[])).toEqual(['read']);
    const all = set.tools(ctx({})) as ToolDefinition[];
    expect(names(all)).toEqual(['read', 'write']);
    expect(set.tools(ctx({}))).toBe(all);
  });
});

describe('PreparedToolset', () => {
  it('may drop, reorder and rewrite descriptions per turn', async () => {
    const set = new PreparedToolset(new FunctionToolset([textTool('a'), textTool('b'), textTool('c')]), (c, tools) =>
      [...tools].reverse().filter((t) => t.name !== c.values.drop).map((t) => (t.name === 'a' ? deriveTool(t, { description: 'Rewritten.' }) : t)),
    );
    const tools = await set.tools(ctx({ drop: 'b' }));
    expect(names(tools)).toEqual(['c', 'a']);
    expect(tools[1]!.description).toBe('Rewritten.');
    expect(tools[1]!.toOpenAITool().function.description).toBe('Rewritten.');
  });
});

describe('CombinedToolset', () => {
  const one = new FunctionToolset([textTool('search'), textTool('read')], { label: 'web' });
  const two = new FunctionToolset([textTool('search')], { label: 'docs' });

  it('refuses a name offered twice by default, naming both toolsets (never silent)', () => {
    const error = errorOf(() => new CombinedToolset([one, two]).tools(ctx()));
    expect(error.code).toBe('DUPLICATE_TOOL');
    expect(error.message).toBe(
      "Tool name 'search' is produced by both web (toolset 1) and docs (toolset 2) of CombinedToolset. Rename or prefix one of them, or pass onConflict: 'last-wins' | 'prefix'.",
    );
  });

  it("'last-wins' on request keeps the later tool at the earlier place", async () => {
    const tools = await new CombinedToolset([one, two], { onConflict: 'last-wins' }).tools(ctx());
    expect(names(tools)).toEqual(['search', 'read']);
    expect(tools[0]).toBe(two.tools()[0]);
  });

  it("'prefix' on request renames the later tool after its toolset", async () => {
    const tools = await new CombinedToolset([one, two], { onConflict: 'prefix' }).tools(ctx());
    expect(names(tools)).toEqual(['search', 'read', 'docs_search']);
    expect(originalNameOf(tools[2]!)).toBe('search');
  });

  it('rejects an unknown conflict policy at construction', () => {
    expect(errorOf(() => new CombinedToolset([], { onConflict: 'first' as 'prefix' })).message).toBe(
      `CombinedToolset: onConflict must be 'error', 'last-wins' or 'prefix', got "first".`,
    );
  });

  it('returns the same array when no child changed', async () => {
    const set = new CombinedToolset([one, new FunctionToolset([textTool('x')])]);
    expect(await set.tools(ctx())).toBe(await set.tools(ctx()));
  });
});

describe('PrefixedToolset and RenamedToolset', () => {
  it('prefix every name and keep the reverse map', async () => {
    const tools = await new PrefixedToolset(new FunctionToolset([textTool('search')]), 'web_').tools(ctx());
    expect(names(tools)).toEqual(['web_search']);
    expect(originalNameOf(tools[0]!)).toBe('search');
    expect(tools[0]!.toOpenAITool().function.name).toBe('web_search');
  });

  it('rename mapped tools only and refuse a rename onto another tool, naming both', async () => {
    const inner = new FunctionToolset([textTool('a'), textTool('b')]);
    expect(names(await new RenamedToolset(inner, { a: 'alpha' }).tools(ctx()))).toEqual(['alpha', 'b']);
    const error = errorOf(() => new RenamedToolset(inner, { a: 'b' }).tools(ctx()));
    expect(error.message).toBe("Tool name 'b' is produced twice by RenamedToolset over FunctionToolset: by one tool (tool 'a' renamed) and by another.");
  });

  it('refuse an invalid new name or prefix at construction', () => {
    const inner = new FunctionToolset([textTool('a')], { label: 'files' });
    const renamed = errorOf(() => new RenamedToolset(inner, { a: 'has space' }));
    expect([renamed.code, renamed.message]).toEqual([
      'INVALID_DEFINITION',
      `RenamedToolset over files: the new name of 'a' must match ^[a-zA-Z0-9_-]{1,64}$ (letters, digits, '_' or '-', 1 to 64 characters), got "has space".`,
    ]);
    const prefixed = errorOf(() => new PrefixedToolset(inner, 'web.'));
    expect([prefixed.code, prefixed.message]).toEqual(['INVALID_DEFINITION', `PrefixedToolset over files: the prefix must be letters, digits, '_' or '-', got "web.".`]);
  });

  it('refuse a prefixed name longer than 64 characters when resolving', () => {
    const error = errorOf(() => new PrefixedToolset(new FunctionToolset([textTool('a'.repeat(60))]), 'long_').tools(ctx()));
    expect([error.code, error.message]).toEqual([
      'INVALID_DEFINITION',
      `Invalid tool name "long_${'a'.repeat(60)}": names must match ^[a-zA-Z0-9_-]{1,64}$ (letters, digits, '_' or '-', 1 to 64 characters).`,
    ]);
  });

  it('keep the same derived tool object across turns (exports stay cached)', async () => {
    const set = new RenamedToolset(new FunctionToolset([textTool('a')]), { a: 'alpha' });
    const [first] = await set.tools(ctx());
    const [second] = await set.tools(ctx({ other: 1 }));
    expect(second).toBe(first);
  });

  it('show the original name in approval requests', async () => {
    const requests: ApprovalRequest[] = [];
    const set = new ApprovalRequiredToolset(new RenamedToolset(new FunctionToolset([textTool('a')]), { a: 'alpha' }));
    const agent = new Agent({ toolsets: [set], policy: { onApproval: (request) => (requests.push(request), { type: 'approve' }) } });
    await agent.initialize(conversation());
    await agent.startTurn();
    const result = await agent.executeToolCall(callOf('alpha', 'x'));
    expect(result.observation.text).toBe('a:x');
    expect(requests).toHaveLength(1);
    expect(requests[0]!.toolName).toBe('alpha');
    expect(requests[0]!.metadata).toEqual({ originalName: 'a', approvalRequired: true });
    await agent.close();
  });
});

describe('renamed tools in the audit log', () => {
  it('write both names: tool (the model-facing one) and originalTool', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tw-audit-'));
    try {
      const log = join(dir, 'audit.jsonl');
      const set = new RenamedToolset(new FunctionToolset([textTool('a')]), { a: 'alpha' });
      const agent = new Agent({ toolsets: [set], policy: { auditLog: log, grantsFile: false } });
      await agent.initialize(conversation());
      await agent.startTurn();
      expect((await agent.executeToolCall(callOf('alpha', 'x'))).observation.text).toBe('a:x');
      await agent.close();
      const line = JSON.parse(readFileSync(log, 'utf8').trim()) as Record<string, unknown>;
      expect([line.tool, line.originalTool, line.decision]).toEqual(['alpha', 'a', 'allow']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('WrapperToolset', () => {
  class Logging extends WrapperToolset {
    readonly log: string[] = [];
    async callTool(call: WrappedCall, next: (action?: Action) => Promise<Observation>): Promise<Observation> {
      this.log.push(`before ${call.toolName}`);
      const result = await next();
      this.log.push(`after ${call.toolName}: ${result.text}`);
      return call.toolName === 'b' ? Observation.fromText(`wrapped ${result.text}`) : result;
    }
  }

  it('runs around every call, and may replace the result', async () => {
    const set = new Logging(new FunctionToolset([textTool('a'), textTool('b')]));
    const agent = new Agent({ toolsets: [set] });
    await agent.initialize(conversation());
    await agent.startTurn();
    expect((await agent.executeToolCall(callOf('a', '1'))).observation.text).toBe('a:1');
    expect((await agent.executeToolCall(callOf('b', '2'))).observation.text).toBe('wrapped b:2');
    expect(set.log).toEqual(['before a', 'after a: a:1', 'before b', 'after b: b:2']);
    await agent.close();
  });
});

describe('every wrapper forwards instructions, lifecycle and annotations', () => {
  const wrappers: [string, (inner: Toolset) => Toolset][] = [
    ['FilteredToolset', (inner) => new FilteredToolset(inner, { when: () => true })],
    ['PreparedToolset', (inner) => new PreparedToolset(inner, (_c, tools) => tools)],
    ['CombinedToolset', (inner) => new CombinedToolset([inner])],
    ['PrefixedToolset', (inner) => new PrefixedToolset(inner, 'p_')],
    ['RenamedToolset', (inner) => new RenamedToolset(inner, { edit: 'change' })],
    ['WrapperToolset', (inner) => new (class extends WrapperToolset {
      callTool(_call: WrappedCall, next: () => Promise<Observation>): Promise<Observation> {
        return next();
      }
    })(inner)],
    ['ApprovalRequiredToolset', (inner) => new ApprovalRequiredToolset(inner)],
  ];

  it.each(wrappers)('%s', async (_name, wrap) => {
    const inner = new LifecycleToolset([textTool('edit', { destructiveHint: true, readOnlyHint: false })], { instructions: { edit: 'Read before you edit.' } });
    const agent = new Agent({ toolsets: [wrap(inner)], policy: { grantsFile: false } });
    await agent.initialize(conversation());
    const view = await agent.startTurn();
    expect(view.size).toBe(1);
    const tool = view.tools()[0]!;
    expect(tool.annotations.destructiveHint).toBe(true);
    expect(tool.annotations.readOnlyHint).toBe(false);
    expect(await agent.instructions()).toBe(`<tool-instruction name="edit">Read before you edit.</tool-instruction>`);
    expect(inner.log).toEqual(['forRun']);
    await agent.close();
    expect(inner.log).toEqual(['forRun', 'close']);
  });
});

describe('ApprovalRequiredToolset without a policy', () => {
  it('is refused at initialize, before any tool could run unchecked', async () => {
    const agent = new Agent({ toolsets: [new CombinedToolset([new ApprovalRequiredToolset(new FunctionToolset([textTool('a')], { label: 'admin' }))])] });
    await expect(agent.initialize(conversation())).rejects.toThrow(
      'ApprovalRequiredToolset (around admin) needs an agent with a permission policy (AgentOptions.policy, e.g. policy: {} to leave calls pending for approval; in an agent spec, a permissions section); without one its tools would run unchecked.',
    );
  });
});

describe('ExternalToolset', () => {
  const external = new ExternalToolset([
    { name: 'pick_color', description: 'Ask the user to pick a colour.', parameters: { type: 'object', properties: { palette: { type: 'string' } }, required: ['palette'], additionalProperties: false } },
  ]);

  it('exports the raw schema', async () => {
    const [tool] = external.tools();
    expect(tool!.toOpenAITool().function.parameters).toEqual({ type: 'object', properties: { palette: { type: 'string' } }, required: ['palette'], additionalProperties: false });
  });

  it('validates the arguments, then leaves the call pending for the caller (deferred)', async () => {
    const agent = new Agent({ toolsets: [external], policy: {} });
    await agent.initialize(conversation());
    await agent.startTurn();
    const bad = await agent.executeToolCall({ id: 'x', name: 'pick_color', arguments: '{"palette": 3}' });
    expect(bad.observation.isError).toBe(true);
    expect(bad.observation.text).toContain('palette');
    const result = await agent.executeToolCall({ id: 'y', name: 'pick_color', arguments: '{"palette": "warm"}' });
    expect(result.pending?.request.toolName).toBe('pick_color');
    expect(result.pending?.request.arguments).toEqual({ palette: 'warm' });
    expect(result.pending?.request.metadata).toEqual({ external: true });
    expect(result.observation.isError).toBe(false);
    // The caller ran it: its result finishes the call through resume.
    const [finished] = await agent.resume([result.pending!], { y: { type: 'result', text: 'amber' } });
    expect(finished!.observation.text).toBe('amber');
    expect(finished!.pending).toBeUndefined();
    await agent.close();
  });

  const modes: [string, ConstructorParameters<typeof Agent>[0]][] = [
    ['no policy', { toolsets: [external] }],
    ['default mode, onApproval approving everything', { toolsets: [external], policy: { onApproval: () => ({ type: 'approve' }) } }],
    ['acceptEdits mode', { toolsets: [external], policy: { mode: 'acceptEdits' } }],
    ['bypass mode', { toolsets: [external], policy: { mode: 'bypass' } }],
    ['dontAsk mode', { toolsets: [external], policy: { mode: 'dontAsk' } }],
  ];

  it.each(modes)('ends pending for the caller with %s, and agent.resume finishes it with the result', async (_name, options) => {
    const agent = new Agent(options);
    await agent.initialize(conversation());
    await agent.startTurn();
    const result = await agent.executeToolCall({ id: 'c1', name: 'pick_color', arguments: '{"palette": "cold"}' });
    expect(result.observation.text).toBe("The call of tool 'pick_color' is run by the caller; it has not run yet and its result comes from the caller.");
    expect(result.observation.isError).toBe(false);
    expect(result.pending?.request).toEqual({ toolCallId: 'c1', toolName: 'pick_color', arguments: { palette: 'cold' }, reason: "'pick_color' is run by the caller (external tool).", suggestedRules: [], bypassImmune: true, metadata: { external: true } });
    const pending = JSON.parse(JSON.stringify(result.pending)) as typeof result.pending;
    const [again] = await agent.resume([pending!], {});
    expect(again!.pending?.request.toolCallId).toBe('c1');
    await expect(agent.resume([pending!], { c1: { type: 'approve' } })).rejects.toThrow(
      `agent.resume: answers["c1"]: tool 'pick_color' is run by the caller; answer with its result { type: 'result', text }, got 'approve'.`,
    );
    const [finished] = await agent.resume([pending!], { c1: { type: 'result', text: 'teal', isError: false } });
    expect(finished!.observation.text).toBe('teal');
    expect(finished!.observation.isError).toBe(false);
    expect(finished!.pending).toBeUndefined();
    await agent.close();
  });

  it('is denied in explore mode unless annotated read-only (the mode denies what may change things)', async () => {
    const readOnly = new ExternalToolset([{ name: 'peek', description: 'Look.', parameters: { type: 'object' }, annotations: { readOnlyHint: true } }]);
    const agent = new Agent({ toolsets: [external, readOnly], policy: { mode: 'explore' } });
    await agent.initialize(conversation());
    await agent.startTurn();
    const denied = await agent.executeToolCall({ id: 'd', name: 'pick_color', arguments: '{"palette": "cold"}' });
    expect(denied.observation.text).toBe("Permission denied for tool 'pick_color': 'pick_color' may change things (explore mode is read-only). Do not retry the same call; choose another way or ask the user.");
    expect((await agent.executeToolCall({ id: 'p', name: 'peek', arguments: '{}' })).pending?.request.metadata).toEqual({ external: true });
    await agent.close();
  });

  it('fails with NOT_SUPPORTED when called outside an Agent', async () => {
    const [tool] = external.tools();
    const observation = await tool!.call(tool!.actionFromArguments({ palette: 'warm' }));
    expect(observation.isError).toBe(true);
    expect(observation.errorCode).toBe('NOT_SUPPORTED');
    expect(observation.text).toContain("Tool 'pick_color' is run by the caller: call it through an Agent (the call ends pending) and finish it with agent.resume.");
  });
});

describe('Agent with toolsets', () => {
  it('resolves toolsets at every turn from the turn values', async () => {
    const admin = new FilteredToolset(new FunctionToolset([textTool('drop_table')]), { when: (c) => c.values.role === 'admin' });
    const agent = new Agent({ toolsets: [new FunctionToolset([textTool('query')]), admin] });
    await agent.initialize(conversation());
    expect((await agent.startTurn({ role: 'guest' })).names()).toEqual(['query']);
    const refused = await agent.executeToolCall(callOf('drop_table'));
    expect(refused.observation.text).toBe("Tool 'drop_table' not found. Available: query.");
    expect((await agent.startTurn({ role: 'admin' })).names()).toEqual(['query', 'drop_table']);
    expect((await agent.executeToolCall(callOf('drop_table', 'x'))).observation.text).toBe('drop_table:x');
    await agent.close();
  });

  it('refuses a toolset tool with a static tool name, naming both', async () => {
    const agent = new Agent({ extraTools: [textTool('query')], toolsets: [new FunctionToolset([textTool('query')])] });
    const error = await agent.initialize(conversation()).then(() => undefined, (e: unknown) => e);
    expect(ToolwrightError.isInstance(error) && error.message).toBe("Tool name 'query' is produced by both extraTools and a toolset. Rename or prefix one of them.");
  });

  it('refuses two toolsets offering one name, naming both', async () => {
    const agent = new Agent({ toolsets: [new FunctionToolset([textTool('q')], { label: 'sql' }), new FunctionToolset([textTool('q')], { label: 'graph' })] });
    const error = await agent.initialize(conversation()).then(() => undefined, (e: unknown) => e);
    expect(ToolwrightError.isInstance(error) && error.message).toBe(
      "Tool name 'q' is produced by both sql (toolset 1) and graph (toolset 2) of the agent. Rename or prefix one of them, or pass onConflict: 'last-wins' | 'prefix'.",
    );
  });
});

describe('hooks and toolsets', () => {
  it('accept hooks for tools a toolset offers only in a later turn, and run them', async () => {
    const seen: string[] = [];
    const set = new FilteredToolset(new FunctionToolset([textTool('late')]), { when: (c) => c.values.on === true });
    const agent = new Agent({ toolsets: [set], hooks: { tools: { late: { pre: (ctx) => void seen.push(`pre ${ctx.toolName}`) } } } });
    await agent.initialize(conversation());
    expect((await agent.startTurn()).names()).toEqual([]);
    await agent.startTurn({ on: true });
    expect((await agent.executeToolCall(callOf('late', 'x'))).observation.text).toBe('late:x');
    expect(seen).toEqual(['pre late']);
    await agent.close();
  });
});
