import { describe, expect, it } from '@jest/globals';
import { BUILTIN_TOOL_NAMES } from '@toolwright/tools';
import { fixture } from './support/fixture.js';

describe('built-in tool schemas', () => {
  it('match the snapshot (model-facing names in snake_case) with the declared annotations', async () => {
    const f = fixture();
    try {
      const schemas: Record<string, unknown> = {};
      for (const name of [...BUILTIN_TOOL_NAMES].sort()) {
        const tool = await f.tool(name);
        schemas[name] = { input: tool.inputSchema(), output: tool.outputSchema() ?? null, annotations: tool.declaredAnnotations };
      }
      expect(schemas).toMatchSnapshot();
    } finally {
      await f.cleanup();
    }
  });

  it('uses the OpenHands wire names', async () => {
    const f = fixture();
    try {
      expect(Object.keys((await f.tool('terminal')).inputSchema().properties!)).toEqual(['command', 'is_input', 'timeout', 'reset']);
      expect(Object.keys((await f.tool('file_editor')).inputSchema().properties!)).toEqual([
        'command',
        'path',
        'file_text',
        'old_str',
        'new_str',
        'insert_line',
        'view_range',
      ]);
      expect(Object.keys((await f.tool('task_tracker')).inputSchema().properties!)).toEqual(['command', 'task_list']);
    } finally {
      await f.cleanup();
    }
  });
});
