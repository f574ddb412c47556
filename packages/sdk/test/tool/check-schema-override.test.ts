import { describe, expect, it } from '@jest/globals';
import { ErrorCode, ToolDefinition } from '@toolwright/sdk';
import { RawSchemaTool } from '@toolwright/sdk/toolsets';
import { MCPToolAction } from '@toolwright/sdk/mcp';
import type { JsonSchema } from '@toolwright/sdk';
import { EchoAction } from '../fixtures/tool-fixtures.js';
import { thrownBy } from '../fixtures/catch-error.js';

const handWritten: JsonSchema = { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] };

describe('an inputSchema() override on a tool class', () => {
  it('is refused at construction when calls would still be validated against the Action class', () => {
    class LooseTool extends ToolDefinition<EchoAction> {
      override inputSchema(): JsonSchema {
        return handWritten;
      }
    }
    const error = thrownBy(() => new LooseTool({ description: 'x', actionType: EchoAction }));
    expect([error.code, error.message]).toEqual([
      ErrorCode.INVALID_DEFINITION,
      "Tool 'loose' overrides inputSchema() but not actionFromArguments(): the model would see that schema while calls are validated against the Action class EchoAction. " +
        'Declare the arguments on the Action class (@Field and class-validator decorators: the schema and the validator both come from it), ' +
        'or, for a hand-written JSON Schema, extend RawSchemaTool or override actionFromArguments() as well.',
    ]);
  });

  it('is refused for modelInputSchema() alone too, also further down a class chain', () => {
    class Shown extends ToolDefinition<EchoAction> {
      override modelInputSchema(): JsonSchema {
        return handWritten;
      }
    }
    class Deeper extends Shown {}
    expect(thrownBy(() => new Deeper({ name: 'deeper', description: 'x', actionType: EchoAction })).message).toContain(
      "Tool 'deeper' overrides modelInputSchema() but not actionFromArguments()",
    );
  });

  it('is accepted with its own actionFromArguments, which then decides what a call may carry', () => {
    class Checked extends ToolDefinition<MCPToolAction> {
      override inputSchema(): JsonSchema {
        return handWritten;
      }
      override actionFromArguments(args: unknown): MCPToolAction {
        const query = (args as { query?: unknown }).query;
        if (typeof query !== 'string') throw this.invalidArguments([{ path: 'query', expected: 'string', received: typeof query, problem: 'expected string', message: 'query: expected string' }]);
        return Object.assign(new MCPToolAction(), { data: { query } });
      }
    }
    const tool = new Checked({ name: 'checked', description: 'x', actionType: MCPToolAction });
    expect(tool.toMcpTool().inputSchema).toEqual(handWritten);
    expect(tool.actionFromArguments({ query: 'q' }).data).toEqual({ query: 'q' });
    expect(thrownBy(() => tool.actionFromArguments({ query: 1 })).message).toBe("Invalid arguments for tool 'checked':\n- query: expected string");
  });

  it('RawSchemaTool (a schema and its own argument check) and plain subclasses are untouched', () => {
    const raw = new RawSchemaTool({ name: 'raw', description: 'x', parameters: handWritten });
    expect(raw.inputSchema()).toBe(handWritten);
    class Plain extends ToolDefinition<EchoAction> {}
    expect(new Plain({ description: 'x', actionType: EchoAction }).inputSchema().properties).toHaveProperty('text');
  });
});
