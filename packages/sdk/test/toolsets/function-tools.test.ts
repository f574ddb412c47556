import { IsInt, IsString, Min } from 'class-validator';
import { describe, expect, it } from '@jest/globals';
import { Action, Agent, Field, Service, ToolwrightError, functionTool } from '@toolwright/sdk';
import { FunctionToolset, MethodToolset, ToolMethod } from '@toolwright/sdk/toolsets';
import type { ApprovalRequest } from '@toolwright/sdk/policy';
import type { ToolContext } from '@toolwright/sdk';
import { conversation } from './fixtures.js';

class AddAction extends Action {
  @Field({ description: 'First number' }) @IsInt() a!: number;
  @Field({ description: 'Second number' }) @IsInt() @Min(0) b!: number;
}

class NoteAction extends Action {
  @Field({ description: 'The note' }) @IsString() text!: string;
}

describe('functionTool', () => {
  const add = functionTool((action: AddAction) => action.a + action.b, { name: 'add', description: 'Add two numbers.', action: AddAction, readOnly: true });

  it('has the same schema as a declared tool', () => {
    expect(add.toOpenAITool().function.parameters).toEqual({
      type: 'object',
      properties: { a: { type: 'integer', description: 'First number' }, b: { type: 'integer', description: 'Second number', minimum: 0 } },
      required: ['a', 'b'],
      additionalProperties: false,
    });
  });

  it('validates like every tool and returns JSON text of the result', async () => {
    const agent = new Agent({ toolsets: [new FunctionToolset([add])] });
    await agent.initialize(conversation());
    await agent.startTurn();
    expect((await agent.executeToolCall({ id: '1', name: 'add', arguments: '{"a":2,"b":3}' })).observation.text).toBe('5');
    const bad = await agent.executeToolCall({ id: '2', name: 'add', arguments: '{"a":2,"b":-1}' });
    expect(bad.observation.isError).toBe(true);
    expect(bad.observation.errorCode).toBe('INVALID_ARGUMENTS');
    await agent.close();
  });

  it('turns a thrown error into an error Observation', async () => {
    const boom = functionTool(() => {
      throw new Error('disk full');
    }, { name: 'boom', description: 'Fails.', action: NoteAction });
    const result = await boom.call(boom.actionFromArguments({ text: 'x' }));
    expect(result.isError).toBe(true);
    expect(result.text).toContain('disk full');
  });

  it('is read-only only on request, so by default a policy asks', async () => {
    const write = functionTool((action: NoteAction) => `saved ${action.text}`, { name: 'save_note', description: 'Save a note.', action: NoteAction });
    expect(write.annotations.readOnlyHint).toBe(false);
    expect(add.annotations.readOnlyHint).toBe(true);
    const asked: ApprovalRequest[] = [];
    const agent = new Agent({ toolsets: [new FunctionToolset([write, add])], policy: { onApproval: (request) => (asked.push(request), { type: 'approve' }) } });
    await agent.initialize(conversation());
    await agent.startTurn();
    expect((await agent.executeToolCall({ id: '1', name: 'add', arguments: '{"a":1,"b":1}' })).observation.text).toBe('2');
    expect((await agent.executeToolCall({ id: '2', name: 'save_note', arguments: '{"text":"x"}' })).observation.text).toBe('saved x');
    expect(asked.map((r) => r.toolName)).toEqual(['save_note']);
    await agent.close();
  });
});

@Service()
class Counter {
  count = 0;
}

@Service()
class NotesTools {
  readonly notes: string[] = [];
  constructor(private readonly counter: Counter) {}

  @ToolMethod({ description: 'Add a note.' })
  addNote(action: NoteAction, ctx: ToolContext): string {
    this.notes.push(action.text);
    this.counter.count += 1;
    return `${this.notes.length} note(s) in ${ctx.state?.id}`;
  }

  @ToolMethod({ description: 'List the notes.', readOnly: true, name: 'notes' })
  list(_action: NoteAction): string {
    return this.notes.join(', ');
  }
}

describe('@ToolMethod', () => {
  it('reads the Action class from design:paramtypes and names tools after the methods', () => {
    const tools = new MethodToolset(new NotesTools(new Counter())).tools({ values: {} });
    expect(tools.map((t) => t.name)).toEqual(['add_note', 'notes']);
    expect(tools[0]!.actionType).toBe(NoteAction);
    expect(tools[1]!.annotations.readOnlyHint).toBe(true);
  });

  it('runs on the conversation instance resolved by the container (dependencies injected)', async () => {
    const agent = new Agent({ toolsets: [new MethodToolset(NotesTools)] });
    const state = conversation('notes-1');
    await agent.initialize(state);
    await agent.startTurn();
    expect((await agent.executeToolCall({ id: '1', name: 'add_note', arguments: '{"text":"a"}' })).observation.text).toBe('1 note(s) in notes-1');
    await agent.executeToolCall({ id: '2', name: 'add_note', arguments: '{"text":"b"}' });
    expect((await agent.executeToolCall({ id: '3', name: 'notes', arguments: '{"text":""}' })).observation.text).toBe('a, b');
    expect(state.getService(NotesTools).notes).toEqual(['a', 'b']);
    expect(state.getService(Counter).count).toBe(2);
    await agent.close();
  });

  it('refuses a method whose parameter is not an Action class, at definition', () => {
    let error: unknown;
    try {
      class Bad {
        @ToolMethod({ description: 'x' })
        run(_text: string): string {
          return '';
        }
      }
      void Bad;
    } catch (e) {
      error = e;
    }
    expect(ToolwrightError.isInstance(error) && error.message).toBe('@ToolMethod Bad.run: its first parameter must be typed with an Action class (got String).');
  });
});
