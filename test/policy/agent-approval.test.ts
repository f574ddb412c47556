import { afterEach, describe, expect, it } from '@jest/globals';
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, ApprovalRequestEvent, ConversationState, eventFromJSON, ToolRegistry } from '@toolwright/sdk';
import type { AgentOptions, ToolCallResult } from '@toolwright/sdk';
import type { ApprovalAnswer, ApprovalRequest, PolicyOptions } from '@toolwright/sdk/policy';
import { registerBuiltinTools } from '@toolwright/tools';

const dirs: string[] = [];
const agents: Agent[] = [];

afterEach(async () => {
  for (const agent of agents.splice(0)) await agent.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function agentWith(policy: PolicyOptions, extra: Partial<AgentOptions> = {}): Promise<{ agent: Agent; dir: string; state: ConversationState }> {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'tw-approval-')));
  dirs.push(dir);
  const agent = new Agent({ registry: registerBuiltinTools(new ToolRegistry()), tools: [{ name: 'file_editor' }, { name: 'glob' }], policy, ...extra });
  agents.push(agent);
  const state = new ConversationState({ id: 'conv-1', workingDir: dir });
  await agent.initialize(state);
  return { agent, dir, state };
}

const create = (id: string, path: string, text = 'hello\n') => ({ id, name: 'file_editor', arguments: JSON.stringify({ command: 'create', path, file_text: text }) });
const kinds = (result: ToolCallResult): string[] => result.events.map((e) => e.kind);

describe('approval through a callback', () => {
  it('approve: the request carries the call, the reason and the suggested rule; the tool runs', async () => {
    const requests: ApprovalRequest[] = [];
    const { agent, dir } = await agentWith({
      onApproval: (request) => {
        requests.push(request);
        return { type: 'approve' };
      },
    });
    const path = join(dir, 'src', 'a.txt');
    const result = await agent.executeToolCall(create('c1', path));
    expect(requests).toEqual([
      {
        toolCallId: 'c1',
        toolName: 'file_editor',
        arguments: { command: 'create', path, file_text: 'hello\n' },
        reason: "No rule allows this call of 'file_editor'.",
        suggestedRules: ['file_editor(src/**)'],
        bypassImmune: false,
      },
    ]);
    expect(kinds(result)).toEqual(['ActionEvent', 'ApprovalRequestEvent', 'ObservationEvent']);
    expect((result.events[1] as ApprovalRequestEvent).answer).toEqual({ type: 'approve' });
    expect(result.observation.isError).toBe(false);
    expect(readFileSync(path, 'utf8')).toBe('hello\n');
  });

  it('reject(reason): an error Observation with the reason; the tool does not run', async () => {
    const { agent, dir } = await agentWith({ onApproval: () => ({ type: 'reject', reason: 'not in this repo' }) });
    const path = join(dir, 'a.txt');
    const result = await agent.executeToolCall(create('c1', path));
    expect(result.observation.isError).toBe(true);
    expect(result.observation.errorCode).toBe('APPROVAL_REJECTED');
    expect(result.observation.text).toBe("The user did not approve this call of 'file_editor': not in this repo");
    expect(existsSync(path)).toBe(false);
  });

  it("fact 43: reject without a reason says 'User rejected the tool call.'", async () => {
    const { agent, dir } = await agentWith({ onApproval: () => ({ type: 'reject' }) });
    const result = await agent.executeToolCall(create('c1', join(dir, 'a.txt')));
    expect(result.observation.text).toBe("The user did not approve this call of 'file_editor': User rejected the tool call.");
  });

  it('fact 42: approval is asked before any hook runs; a rejected call runs no hook', async () => {
    const order: string[] = [];
    const { agent, dir } = await agentWith(
      {
        onApproval: () => {
          order.push('approval');
          return { type: 'reject' };
        },
      },
      { hooks: { pre: () => void order.push('pre'), post: () => void order.push('post') } },
    );
    await agent.executeToolCall(create('c1', join(dir, 'a.txt')));
    expect(order).toEqual(['approval']);
  });

  it('edit(arguments): the edited call is validated and checked again; it asks again (default mode asks for edits) and runs on that answer', async () => {
    const asked: unknown[] = [];
    const { agent, dir } = await agentWith({
      onApproval: (r) => {
        asked.push(r.arguments.file_text);
        return asked.length === 1 ? { type: 'edit', arguments: { ...r.arguments, file_text: 'edited\n' } } : { type: 'approve' };
      },
    });
    const path = join(dir, 'a.txt');
    const result = await agent.executeToolCall(create('c1', path));
    expect(asked).toEqual(['hello\n', 'edited\n']);
    expect(result.observation.isError).toBe(false);
    expect(readFileSync(path, 'utf8')).toBe('edited\n');
    expect(result.events[0]!.toJSON()).toMatchObject({ action: { file_text: 'edited\n' } });
  });

  it('edit with invalid arguments: an error Observation naming the problem; nothing runs', async () => {
    const { agent, dir } = await agentWith({ onApproval: () => ({ type: 'edit', arguments: { command: 'create' } }) });
    const result = await agent.executeToolCall(create('c1', join(dir, 'a.txt')));
    expect(result.observation.errorCode).toBe('INVALID_ARGUMENTS');
    expect(result.observation.text.startsWith("The arguments edited during approval of tool 'file_editor' are invalid.")).toBe(true);
    expect(result.observation.text).toContain('path');
  });

  it('edit into a denied path: deny rules still apply', async () => {
    const { agent, dir } = await agentWith({ deny: ['file_editor(locked/**)'], onApproval: (r) => ({ type: 'edit', arguments: { ...r.arguments, path: join(dir, 'locked', 'x') } }) });
    const result = await agent.executeToolCall(create('c1', join(dir, 'a.txt')));
    expect(result.observation.errorCode).toBe('PERMISSION_DENIED');
    expect(result.observation.text).toBe(
      "Permission denied for tool 'file_editor': Rule file_editor(locked/**) (code) denies this call of 'file_editor'. Do not retry the same call; choose another way or ask the user.",
    );
  });

  it('always: adds the suggested rule, persists it to the grants file, and the next such call is not asked', async () => {
    let asked = 0;
    const { agent, dir, state } = await agentWith({
      onApproval: () => {
        asked++;
        return { type: 'always' };
      },
    });
    await agent.executeToolCall(create('c1', join(dir, 'src', 'a.txt')));
    const second = await agent.executeToolCall(create('c2', join(dir, 'src', 'b.txt')));
    expect(asked).toBe(1);
    expect(kinds(second)).toEqual(['ActionEvent', 'ObservationEvent']);
    // The project's grants file (grantsScope 'project', the default), not the conversation's.
    expect(JSON.parse(readFileSync(join(dir, '.toolwright', 'permissions.json'), 'utf8'))).toEqual({ version: 1, allow: ['file_editor(src/**)'], ask: [], deny: [] });
    expect(existsSync(join(state.stateDir, 'permissions.json'))).toBe(false);
    await agent.executeToolCall(create('c3', join(dir, 'lib', 'c.txt')));
    expect(asked).toBe(2);
  });

  it('always on a safety ask approves once and adds no rule', async () => {
    let asked = 0;
    const { agent, dir, state } = await agentWith({
      onApproval: (r) => {
        asked++;
        expect(r.bypassImmune).toBe(true);
        return { type: 'always' };
      },
    });
    await agent.executeToolCall(create('c1', join(dir, '.env'), 'A=1\n'));
    await agent.executeToolCall(create('c2', join(dir, 'sub', '.env'), 'A=1\n'));
    expect(asked).toBe(2);
    expect(existsSync(join(dir, '.toolwright', 'permissions.json'))).toBe(false);
    expect(existsSync(join(state.stateDir, 'permissions.json'))).toBe(false);
  });

  it('a callback that throws or answers nonsense denies the call', async () => {
    const answers: unknown[] = [new Error('ui crashed'), { type: 'maybe' }];
    const { agent, dir } = await agentWith({
      onApproval: () => {
        const next = answers.shift();
        if (next instanceof Error) throw next;
        return next as ApprovalAnswer;
      },
    });
    const first = await agent.executeToolCall(create('c1', join(dir, 'a.txt')));
    expect(first.observation.text).toBe("Permission denied for tool 'file_editor': asking for approval failed (ui crashed), so the call did not run.");
    const second = await agent.executeToolCall(create('c2', join(dir, 'b.txt')));
    expect(second.observation.text).toBe(
      "Permission denied for tool 'file_editor': the approval answer was invalid (type: expected approve, reject, edit, always or result, got \"maybe\"), so the call did not run.",
    );
    expect(existsSync(join(dir, 'a.txt')) || existsSync(join(dir, 'b.txt'))).toBe(false);
  });

  it('the ApprovalRequestEvent round-trips through JSON', async () => {
    const { agent, dir } = await agentWith({ onApproval: () => ({ type: 'approve' }) });
    const result = await agent.executeToolCall(create('c1', join(dir, 'a.txt')));
    const json = JSON.parse(JSON.stringify(result.events[1])) as unknown;
    const back = eventFromJSON(json) as ApprovalRequestEvent;
    expect(back).toBeInstanceOf(ApprovalRequestEvent);
    expect(back.toJSON()).toEqual(result.events[1]!.toJSON());
  });
});

describe('deferred approval (no callback)', () => {
  it('runs what it may, returns the asked call pending as plain JSON, and resume finishes it', async () => {
    const { agent, dir } = await agentWith({ allow: ['file_editor(notes/**)'] });
    const asked = join(dir, 'src', 'a.txt');
    const results = await agent.executeToolCalls([
      { id: 'c1', name: 'glob', arguments: '{"pattern":"*"}' },
      create('c2', join(dir, 'notes', 'n.txt')),
      create('c3', asked),
    ]);
    expect(results.map((r) => r.pending === undefined)).toEqual([true, true, false]);
    expect(existsSync(join(dir, 'notes', 'n.txt'))).toBe(true);
    expect(existsSync(asked)).toBe(false);
    const pending = JSON.parse(JSON.stringify(results[2]!.pending)) as NonNullable<ToolCallResult['pending']>;
    expect(pending).toEqual({
      type: 'toolwright.pending-approval',
      version: 1,
      conversationId: 'conv-1',
      request: {
        toolCallId: 'c3',
        toolName: 'file_editor',
        arguments: { command: 'create', path: asked, file_text: 'hello\n' },
        reason: "No rule allows this call of 'file_editor'.",
        suggestedRules: ['file_editor(src/**)'],
        bypassImmune: false,
      },
      action: { kind: 'FileEditorAction', command: 'create', path: asked, file_text: 'hello\n' },
      nonce: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
      mac: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
    expect(results[2]!.observation.text).toBe("The call of tool 'file_editor' is waiting for the user's approval (No rule allows this call of 'file_editor'.). It has not run yet.");
    expect(kinds(results[2]!)).toEqual(['ActionEvent', 'ApprovalRequestEvent']);

    const [resumed] = await agent.resume([pending], { c3: { type: 'approve' } });
    expect(resumed!.pending).toBeUndefined();
    expect(resumed!.observation.isError).toBe(false);
    expect(readFileSync(asked, 'utf8')).toBe('hello\n');
  });

  it('a result answer finishes a pending call with the given text, without running the tool (client-side tools)', async () => {
    const { agent, dir } = await agentWith({});
    const path = join(dir, 'client.txt');
    const [first] = await agent.executeToolCalls([create('c1', path)]);
    const [done] = await agent.resume([first!.pending!], { c1: { type: 'result', text: 'created on the client' } });
    expect([done!.observation.text, done!.observation.isError, done!.pending]).toEqual(['created on the client', false, undefined]);
    expect(kinds(done!)).toEqual(['ActionEvent', 'ApprovalRequestEvent', 'ObservationEvent']);
    expect(existsSync(path)).toBe(false);
  });

  it('resume without an answer leaves the call pending; a malformed pending document is refused', async () => {
    const { agent, dir } = await agentWith({});
    const [first] = await agent.executeToolCalls([create('c1', join(dir, 'a.txt'))]);
    const [again] = await agent.resume([first!.pending!], {});
    expect(again!.pending?.request.toolCallId).toBe('c1');
    await expect(agent.resume([{ ...first!.pending!, version: 2 } as never], {})).rejects.toThrow('agent.resume: pending[0]: version: expected 1.');
    await expect(agent.resume([first!.pending!], { c1: { type: 'yes' } as never })).rejects.toThrow(
      'agent.resume: answers["c1"]: type: expected approve, reject, edit, always or result, got "yes".',
    );
  });

  it('a rule added before resume decides first: a deny rule wins over the answer', async () => {
    const { agent, dir } = await agentWith({});
    const [first] = await agent.executeToolCalls([create('c1', join(dir, 'a.txt'))]);
    // The same conversation (its state directory holds the key the envelope was sealed with), a new agent with a deny rule.
    const denying = new Agent({ registry: registerBuiltinTools(new ToolRegistry()), tools: [{ name: 'file_editor' }], policy: { deny: ['file_editor'] } });
    agents.push(denying);
    await denying.initialize(new ConversationState({ id: 'conv-1', workingDir: dir }));
    const [resumed] = await denying.resume([first!.pending!], { c1: { type: 'approve' } });
    expect(resumed!.observation.errorCode).toBe('PERMISSION_DENIED');
    expect(existsSync(join(dir, 'a.txt'))).toBe(false);
  });
});

describe('audit log', () => {
  it('records every decision and answer, with argument names only', async () => {
    const { agent, dir, state } = await agentWith({ deny: ['file_editor(locked/**)'], onApproval: () => ({ type: 'reject', reason: 'no' }) });
    await agent.executeToolCall({ id: 'c1', name: 'glob', arguments: '{"pattern":"*"}' });
    await agent.executeToolCall(create('c2', join(dir, 'locked', 'a.txt'), 'SECRET-VALUE'));
    await agent.executeToolCall(create('c3', join(dir, 'a.txt'), 'SECRET-VALUE'));
    const text = readFileSync(join(state.stateDir, 'audit.jsonl'), 'utf8');
    expect(text).not.toContain('SECRET-VALUE');
    const lines = text
      .trimEnd()
      .split('\n')
      .map((line) => {
        const { time, ...rest } = JSON.parse(line) as Record<string, unknown>;
        expect(Number.isNaN(Date.parse(time as string))).toBe(false);
        return rest;
      });
    expect(lines).toEqual([
      { toolCallId: 'c1', tool: 'glob', decision: 'allow', reason: 'readOnly', mode: 'default', argumentNames: ['pattern'] },
      {
        toolCallId: 'c2',
        tool: 'file_editor',
        decision: 'deny',
        reason: 'rule',
        rule: 'file_editor(locked/**)',
        ruleBehavior: 'deny',
        ruleSource: 'code',
        mode: 'default',
        argumentNames: ['command', 'path', 'file_text'],
      },
      { toolCallId: 'c3', tool: 'file_editor', decision: 'ask', reason: 'fallback', mode: 'default', argumentNames: ['command', 'path', 'file_text'] },
      { toolCallId: 'c3', tool: 'file_editor', decision: 'reject', reason: 'user', mode: 'default', argumentNames: ['command', 'path', 'file_text'] },
    ]);
    // Messages quote paths and commands: without includeValues the log has reason codes instead.
    expect(text).not.toContain(dir);
  });
});
