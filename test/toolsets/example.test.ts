import { describe, expect, it } from '@jest/globals';
import { toolsetsExample } from '../../examples/toolsets.js';

describe('README toolsets example', () => {
  it('resolves each turn: a group activated with reset_tools, an admin-only toolset, instructions of tools in view', async () => {
    expect(await toolsetsExample()).toEqual([
      'turn 1: status, reset_tools',
      `The tool 'db_query' is in tool group 'database', which is currently inactive. Activate the group first by calling 'reset_tools' with {"database":true} (and true for every other group you still need).`,
      'The currently activated tool group(s): database.\n<tool-instruction name="database">Wrap migrations in a transaction.</tool-instruction>',
      'turn 2: status, db_query, db_migrate, reset_tools, drop_all',
      'rows for select 1',
      '<tool-instruction name="database">Wrap migrations in a transaction.</tool-instruction>',
    ]);
  });
});
