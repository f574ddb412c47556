import { describe, expect, it } from '@jest/globals';
import { IsString } from 'class-validator';
import { Action, Agent, ConversationState, ErrorCode, Field, Observation, ToolDefinition, ToolwrightError } from '@toolwright/sdk';
import type { Observation as ObservationType } from '@toolwright/sdk';
import { errorDetailsOf, observationFromError } from '../../src/tool/error-observation.js';

class FileAction extends Action {
  @Field({ name: 'file_path', description: 'A file.' }) @IsString() filePath!: string;
}

/** A tool's Observation that carries its errors with the file they were about. */
class FileObservation extends Observation {
  @Field({ name: 'file_path', description: 'The file.' }) @IsString() filePath = '';

  static override fromError(error: unknown, action?: Action): FileObservation {
    const filePath = (action as FileAction | undefined)?.filePath ?? '';
    return FileObservation.errorOf(error, `Could not open ${filePath}`, { filePath });
  }
}
Observation.registerKind(FileObservation);

/** An Observation class whose `fromError` is broken. */
class BrokenObservation extends Observation {
  static override fromError(): Observation {
    throw new Error('fromError itself failed');
  }
}

const action = Object.assign(new FileAction(), { filePath: 'notes.txt' });

function failing(error: unknown, observationType: typeof Observation = FileObservation): ToolDefinition<FileAction> {
  return new ToolDefinition({
    name: 'open',
    description: 'Opens a file.',
    actionType: FileAction,
    observationType,
    executor: {
      execute: (): ObservationType => {
        throw error;
      },
    },
  });
}

describe('Observation.fromError (how a class carries an error)', () => {
  it("words an error as the funnel always has: a self-contained code keeps its message, anything else is '<label> failed: …'", () => {
    const timeout = Observation.fromError(new ToolwrightError({ code: ErrorCode.TIMEOUT, message: "Tool 'x' timed out after 5 ms." }), undefined, "Tool 'x'");
    expect(timeout).toMatchObject({ isError: true, errorCode: ErrorCode.TIMEOUT, text: "Tool 'x' timed out after 5 ms." });
    const failed = Observation.fromError(new ToolwrightError({ code: ErrorCode.EXECUTION_FAILED, message: 'disk full' }), undefined, "Tool 'x'");
    expect(failed).toMatchObject({ errorCode: ErrorCode.EXECUTION_FAILED, text: "Tool 'x' failed: disk full" });
    expect(Observation.fromError(new TypeError('boom'), undefined, "MCP tool 'y'").text).toBe("MCP tool 'y' failed: boom");
    expect(Observation.fromError('a string').text).toBe('The tool failed: a string');
  });

  it('is a plain Observation by default, also when called on a subclass that does not override it', () => {
    class Typed extends Observation {}
    expect(Typed.fromError(new Error('x')).constructor).toBe(Observation);
  });

  it("errorOf words an executor's own failure: its ToolwrightError as written (any code), anything else after what failed", () => {
    const refused = FileObservation.errorOf(new ToolwrightError({ code: ErrorCode.EXECUTION_FAILED, message: 'The file a.txt does not exist.' }), 'Could not open a.txt', { filePath: 'a.txt' });
    expect(refused).toBeInstanceOf(FileObservation);
    expect(refused).toMatchObject({ isError: true, errorCode: ErrorCode.EXECUTION_FAILED, text: 'The file a.txt does not exist.', filePath: 'a.txt' });
    expect(Observation.errorOf(new Error('EACCES'), (message) => `Saving failed: ${message}. Nothing was changed.`).text).toBe('Saving failed: EACCES. Nothing was changed.');
  });
});

describe('the error funnel (observationFromError)', () => {
  it("asks the tool's Observation class, with the call's Action, so the error keeps the tool's fields", async () => {
    const observation = await failing(new Error('EACCES: permission denied')).call(action);
    expect(observation).toBeInstanceOf(FileObservation);
    expect(observation).toMatchObject({ isError: true, errorCode: ErrorCode.EXECUTION_FAILED, filePath: 'notes.txt', text: 'Could not open notes.txt: EACCES: permission denied' });
    expect(observation.toLlmContent()).toEqual([{ type: 'text', text: '[An error occurred during execution.]\nCould not open notes.txt: EACCES: permission denied' }]);
    expect(Observation.fromJSON(observation.toJSON())).toMatchObject({ filePath: 'notes.txt', isError: true });
  });

  it('keeps the error and its stack for the developer, whichever class carried it', async () => {
    const error = new Error('EACCES');
    const observation = await failing(error).call(action);
    expect(errorDetailsOf(observation)?.error).toBe(error);
    expect(errorDetailsOf(observation)?.stack).toContain('Error: EACCES');
  });

  it('uses the default wording when there is no Action (the call never reached the tool) or only a name', () => {
    const tool = failing(new Error('x'));
    expect(observationFromError(new Error('bad'), tool).constructor).toBe(Observation);
    expect(observationFromError(new Error('bad'), 'open').text).toBe("Tool 'open' failed: bad");
  });

  it("names the tool by its errorLabel when it has one (MCP tools: MCP tool '<name>')", () => {
    expect(observationFromError(new Error('bad'), { name: 'srv_search', errorLabel: "MCP tool 'search'" }).text).toBe("MCP tool 'search' failed: bad");
  });

  it('never throws: a fromError that throws gives way to the default wording', async () => {
    const observation = await failing(new Error('EACCES'), BrokenObservation).call(action);
    expect(observation.constructor).toBe(Observation);
    expect(observation).toMatchObject({ isError: true, errorCode: ErrorCode.EXECUTION_FAILED, text: "Tool 'open' failed: EACCES" });
  });

  it('lets post hooks see the error itself, and words it the same way when no hook recovers', async () => {
    const seen: unknown[] = [];
    const agent = new Agent({ extraTools: [failing(new Error('EACCES'))], hooks: { post: (_ctx, result) => void seen.push(result) } });
    try {
      await agent.initialize(new ConversationState({ workingDir: '/tmp' }));
      const result = await agent.executeToolCall({ id: '1', name: 'open', arguments: '{"file_path":"notes.txt"}' });
      expect(seen).toHaveLength(1);
      expect(seen[0]).toBeInstanceOf(Error);
      expect((seen[0] as Error).message).toBe('EACCES');
      expect(result.observation).toBeInstanceOf(FileObservation);
      expect(result.observation).toMatchObject({ filePath: 'notes.txt', text: 'Could not open notes.txt: EACCES' });
    } finally {
      await agent.close();
    }
  });
});
