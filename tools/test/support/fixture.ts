import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConversationState, ToolRegistry } from '@toolwright/sdk';
import type { Observation, ToolDefinition } from '@toolwright/sdk';
import { registerBuiltinTools } from '@toolwright/tools';

/** Every built-in tool, registered explicitly (importing a tool registers nothing). */
export const registry = registerBuiltinTools({ registry: new ToolRegistry(), preset: 'all' });

/** A temporary working directory and a conversation on it; `cleanup()` closes and removes both. */
export interface Fixture {
  dir: string;
  state: ConversationState;
  /** Resolves a built-in tool by name (with params) for this conversation. */
  tool(name: string, params?: Record<string, unknown>): Promise<ToolDefinition>;
  /** Calls a tool with model-style arguments. */
  call(tool: ToolDefinition, args: Record<string, unknown>): Promise<Observation>;
  cleanup(): Promise<void>;
}

/** Creates a {@link Fixture} (the directory is real-pathed so outputs compare equal). */
export function fixture(options: { stateDir?: string; dir?: string } = {}): Fixture {
  const dir = options.dir ?? realpathSync(mkdtempSync(join(tmpdir(), 'tw-tools-')));
  const state = new ConversationState({ workingDir: dir, stateDir: options.stateDir });
  return {
    dir,
    state,
    async tool(name, params) {
      const [tool] = await registry.resolve({ name, params }, state);
      return tool!;
    },
    call(tool, args) {
      return tool.call(tool.actionFromArguments(args), { state });
    },
    async cleanup() {
      await state.close();
      if (!options.dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}
