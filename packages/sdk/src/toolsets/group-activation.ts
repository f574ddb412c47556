import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ConversationState } from '../state/conversation-state.js';

/** The file (in the conversation's state directory) that keeps which groups are active. */
export const GROUP_ACTIVATION_FILE = 'tool-groups.json';

/**
 * Which tool groups are active, per conversation: kept in memory by conversation id and written
 * to the conversation's state directory, so a restart with the same conversation id finds them.
 */
export class GroupActivation {
  private readonly byConversation = new Map<string, ReadonlySet<string>>();
  private readonly loading = new Map<string, Promise<ReadonlySet<string>>>();
  private readonly memory = new Set<string>();

  constructor(private readonly known: ReadonlySet<string>) {}

  /** The active groups of `state`'s conversation (read from its file the first time), or of the stateless default. */
  load(state: ConversationState | undefined): ReadonlySet<string> | Promise<ReadonlySet<string>> {
    if (!state) return this.memory;
    const known = this.byConversation.get(state.id);
    if (known) return known;
    let pending = this.loading.get(state.id);
    if (!pending) {
      pending = this.read(state).then((active) => {
        this.byConversation.set(state.id, active);
        this.loading.delete(state.id);
        return active;
      });
      this.loading.set(state.id, pending);
    }
    return pending;
  }

  /** The active groups now (after `load`). */
  current(state: ConversationState | undefined): ReadonlySet<string> {
    return state ? (this.byConversation.get(state.id) ?? new Set()) : this.memory;
  }

  private async read(state: ConversationState): Promise<ReadonlySet<string>> {
    try {
      const parsed: unknown = JSON.parse(await readFile(join(state.stateDir, GROUP_ACTIVATION_FILE), 'utf8'));
      const active = (parsed as { active?: unknown })?.active;
      // Groups that no longer exist are dropped; anything malformed means none active.
      return new Set(Array.isArray(active) ? active.filter((name): name is string => typeof name === 'string' && this.known.has(name)) : []);
    } catch {
      return new Set();
    }
  }

  /** Sets the active groups (the final state) and writes them to the conversation's file (atomically). */
  async set(state: ConversationState | undefined, active: ReadonlySet<string>): Promise<void> {
    if (!state) {
      this.memory.clear();
      for (const name of active) this.memory.add(name);
      return;
    }
    this.byConversation.set(state.id, active);
    await mkdir(state.stateDir, { recursive: true });
    const file = join(state.stateDir, GROUP_ACTIVATION_FILE);
    const temp = `${file}.${process.pid}.tmp`;
    await writeFile(temp, `${JSON.stringify({ active: [...active] })}\n`, 'utf8');
    await rename(temp, file);
  }
}
