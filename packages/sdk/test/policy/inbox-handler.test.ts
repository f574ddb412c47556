import { afterEach, describe, expect, it } from '@jest/globals';
import { IsString } from 'class-validator';
import { mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Action, Agent, ConversationState, Field, Observation, ToolDefinition } from '@toolwright/sdk';
import type { InboxEntry, InboxSource } from '../../src/policy/approval-inbox.js';
import { denyDecision } from '../../src/policy/permission-decision.js';
import { FileApprovalInbox } from '../../src/policy/inbox/file-approval-inbox.js';
import { inboxApprovalHandler } from '../../src/policy/inbox/inbox-approval-handler.js';
import type { InboxApprovalOptions } from '../../src/policy/inbox/inbox-approval-handler.js';
import { processLabel } from '../../src/policy/inbox/inbox-binding.js';
import { matchCommandRule, suggestCommandRules } from '../../src/policy/command-rule.js';

class ShellAction extends Action {
  @Field({ description: 'The command' }) @IsString() command!: string;
}

/** A shell that records what it ran; `rm` is denied by its own check, `ls` is allowed by a rule. */
function recordingShell(ran: string[]): ToolDefinition<ShellAction> {
  return new ToolDefinition<ShellAction>({
    name: 'shell',
    description: 'Runs a command.',
    actionType: ShellAction,
    annotations: { readOnlyHint: false },
    permissions: {
      checkPermissions: (action) => (/\brm\b/.test(action.command) ? denyDecision({ reason: 'tool', message: 'rm deletes files.' }) : { behavior: 'passthrough' }),
      matchRule: (content, action, behavior) => matchCommandRule(content, action.command, behavior),
      suggestRules: (action) => suggestCommandRules(action.command),
    },
    executor: {
      execute: (action) => {
        ran.push(action.command);
        return Observation.fromText(`ran ${action.command}`);
      },
    },
  });
}

const dirs: string[] = [];
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const source: InboxSource = { kind: 'agent', label: 'nightly', process: processLabel() };

interface Setup {
  agent: Agent;
  inbox: FileApprovalInbox;
  /** A second inbox object on the same directory: the "console" side. */
  answerer: FileApprovalInbox;
  ran: string[];
}

async function setup(options: InboxApprovalOptions = {}): Promise<Setup> {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'tw-inbox-agent-')));
  dirs.push(dir);
  const inbox = new FileApprovalInbox(join(dir, 'inbox'), { pollMs: 20 });
  const answerer = new FileApprovalInbox(join(dir, 'inbox'), { pollMs: 20 });
  const ran: string[] = [];
  const agent = new Agent({ extraTools: [recordingShell(ran)], policy: { allow: ['shell(ls:*)'], grantsFile: false, onApproval: inboxApprovalHandler(inbox, source, { conversationId: 'conv-1', ...options }) } });
  await agent.initialize(new ConversationState({ id: 'conv-1', workingDir: dir }));
  closers.push(() => agent.close(), () => inbox.close(), () => answerer.close());
  return { agent, inbox, answerer, ran };
}

const call = (command: string) => ({ id: 'c1', name: 'shell', arguments: JSON.stringify({ command }) });

/** The next pending entry the answerer sees (polling, as a console would). */
async function nextPending(inbox: FileApprovalInbox, except: string[] = []): Promise<InboxEntry> {
  for (let i = 0; i < 500; i++) {
    const found = (await inbox.list({ state: 'pending' })).find((e) => !except.includes(e.id));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('no pending entry appeared');
}

describe('inboxApprovalHandler: an Agent parks its asks in an inbox', () => {
  it('posts the request with its source and conversation; an approval from the other side runs the call', async () => {
    const s = await setup();
    const running = s.agent.executeToolCall(call('make build'));
    const entry = await nextPending(s.answerer);
    expect(entry).toMatchObject({ source, conversationId: 'conv-1', request: { toolCallId: 'c1', toolName: 'shell', arguments: { command: 'make build' }, suggestedRules: ['shell(make build:*)'] } });
    await s.answerer.answer(entry.id, entry.binding, { type: 'approve' }, 'console');
    expect((await running).observation.text).toBe('ran make build');
    expect(s.ran).toEqual(['make build']);
  });

  it('a rejection becomes the error Observation with the reason; nothing runs', async () => {
    const s = await setup();
    const running = s.agent.executeToolCall(call('make deploy'));
    const entry = await nextPending(s.answerer);
    await s.answerer.answer(entry.id, entry.binding, { type: 'reject', reason: 'not on a Friday' });
    const result = await running;
    expect(result.observation.isError).toBe(true);
    expect(result.observation.text).toContain("The user did not approve this call of 'shell': not on a Friday");
    expect(s.ran).toEqual([]);
  });

  it('an edit goes through the normal checks: a denied edit fails, an edit that asks is posted again, an allowed one runs', async () => {
    const s = await setup();
    const denied = s.agent.executeToolCall(call('make a'));
    const first = await nextPending(s.answerer);
    await s.answerer.answer(first.id, first.binding, { type: 'edit', arguments: { command: 'rm -rf /' } });
    expect((await denied).observation.text).toContain('rm deletes files.');

    const asked = s.agent.executeToolCall(call('make b'));
    const second = await nextPending(s.answerer, [first.id]);
    await s.answerer.answer(second.id, second.binding, { type: 'edit', arguments: { command: 'make c' } });
    const third = await nextPending(s.answerer, [first.id, second.id]);
    expect(third.request.arguments).toEqual({ command: 'make c' }); // asked again about the edited call
    await s.answerer.answer(third.id, third.binding, { type: 'edit', arguments: { command: 'ls -la' } });
    expect((await asked).observation.text).toBe('ran ls -la'); // an allow rule covers the edit: it runs
    expect(s.ran).toEqual(['ls -la']);
  });

  it('refuses an answer when the entry was altered in the store after it was shown: nothing runs', async () => {
    const s = await setup();
    const running = s.agent.executeToolCall(call('make build'));
    const entry = await nextPending(s.answerer);
    // Someone with write access rewrites what is shown, with a fresh binding, and it gets approved.
    const file = join(s.inbox.dir, `${entry.id}.json`);
    const { inboxBinding } = await import('../../src/policy/inbox/inbox-binding.js');
    const shown = { ...entry, request: { ...entry.request, arguments: { command: 'make harmless' } } };
    shown.binding = inboxBinding(shown);
    writeFileSync(file, JSON.stringify(shown));
    await s.answerer.answer(entry.id, shown.binding, { type: 'approve' });
    const result = await running;
    expect(result.observation.isError).toBe(true);
    expect(result.observation.text).toBe(
      `Permission denied for tool 'shell': asking for approval failed (the answer in the approvals inbox to entry "${entry.id}" (tool "shell") was refused: it carries the binding of another request, not of the call that was shown; nothing ran), so the call did not run.`,
    );
    expect(s.ran).toEqual([]);
  });

  it('refuses an answer written into the file whose request was altered while keeping the binding', async () => {
    const s = await setup();
    const running = s.agent.executeToolCall(call('make build'));
    const entry = await nextPending(s.answerer);
    const file = join(s.inbox.dir, `${entry.id}.json`);
    const stored = JSON.parse(readFileSync(file, 'utf8')) as InboxEntry;
    writeFileSync(file, JSON.stringify({ ...stored, request: { ...stored.request, reason: 'harmless' }, state: 'answered', answer: { type: 'approve' }, answeredAt: new Date().toISOString() }));
    const result = await running;
    expect(result.observation.text).toContain('the entry was altered in the inbox after it was posted (its request no longer matches what this call would run); nothing ran');
    expect(s.ran).toEqual([]);
  });

  it('withdraws the entry and rejects the call when nobody answers in time', async () => {
    const s = await setup({ timeoutMs: 150 });
    const result = await s.agent.executeToolCall(call('make build'));
    const [entry] = await s.answerer.list();
    expect(entry!.state).toBe('withdrawn');
    expect(result.observation.text).toContain(`nobody answered within 0.15 s while it waited in the approvals inbox (entry ${entry!.id}); the entry was withdrawn and the call did not run.`);
    expect(s.ran).toEqual([]);
  });

  it("withdraws the entry when the call's signal aborts", async () => {
    const s = await setup();
    const controller = new AbortController();
    const running = s.agent.executeToolCall(call('make build'), { signal: controller.signal });
    const entry = await nextPending(s.answerer);
    controller.abort();
    await running;
    expect((await s.answerer.get(entry.id))!.state).toBe('withdrawn');
    await expect(s.answerer.answer(entry.id, entry.binding, { type: 'approve' })).rejects.toThrow('was withdrawn');
    expect(s.ran).toEqual([]);
  });
});
