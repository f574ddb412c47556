// Toolsets and tool groups: what the model sees is resolved at every turn.
// Run it: npx tsc -p examples && node examples/dist/toolsets.js
import 'reflect-metadata';
import { IsString } from 'class-validator';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Action, Agent, ConversationState, Field, functionTool } from '@toolwright/sdk';
import { FilteredToolset, FunctionToolset, ToolGroupsToolset } from '@toolwright/sdk/toolsets';

/** The arguments of the two database tools: one SQL statement. */
export class SqlAction extends Action {
  @Field({ description: 'The SQL statement to run' }) @IsString() sql!: string;
}

/** A tool that takes no arguments declares an Action with no fields: its schema is an empty object. */
export class NoArguments extends Action {}

export const query = functionTool((a: SqlAction) => `rows for ${a.sql}`, { name: 'db_query', description: 'Run a read-only SQL query.', action: SqlAction, readOnly: true });
export const migrate = functionTool((a: SqlAction) => `migrated: ${a.sql}`, { name: 'db_migrate', description: 'Apply a schema migration (SQL).', action: SqlAction });
// No arguments: the model calls it with {}.
export const status = functionTool(() => 'all green', { name: 'status', description: 'Service status.', action: NoArguments, readOnly: true });
export const dropAll = functionTool(() => 'dropped', { name: 'drop_all', description: 'Drop every table.', action: NoArguments });

export async function toolsetsExample(): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'tw-toolsets-'));
  const lines: string[] = [];
  const agent = new Agent({
    toolsets: [
      new FunctionToolset([status]),
      new ToolGroupsToolset({
        groups: [{ name: 'database', description: 'Query and migrate the database.', instructions: 'Wrap migrations in a transaction.', tools: [query, migrate] }],
      }),
      // Admins only: the whole toolset is hidden for other roles.
      new FilteredToolset(new FunctionToolset([dropAll]), {
        when: (ctx) => ctx.values.role === 'admin',
      }),
    ],
  });
  await agent.initialize(new ConversationState({ workingDir: dir, id: 'demo' }));
  lines.push(`turn 1: ${(await agent.startTurn({ role: 'user' })).names().join(', ')}`);
  const early = await agent.executeToolCall({ id: '1', name: 'db_query', arguments: '{"sql":"select 1"}' });
  lines.push(early.observation.text);
  const reset = await agent.executeToolCall({ id: '2', name: 'reset_tools', arguments: '{"database":true}' });
  lines.push(reset.observation.text);
  lines.push(`turn 2: ${(await agent.startTurn({ role: 'admin' })).names().join(', ')}`);
  lines.push((await agent.executeToolCall({ id: '3', name: 'db_query', arguments: '{"sql":"select 1"}' })).observation.text);
  lines.push(await agent.instructions());
  await agent.close();
  rmSync(dir, { recursive: true, force: true });
  return lines;
}

// Run directly (not when imported by a test): print each turn.
if (process.argv[1] === fileURLToPath(import.meta.url)) console.log((await toolsetsExample()).join('\n'));
