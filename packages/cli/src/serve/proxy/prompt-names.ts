import { assignMcpToolNames } from '@toolwright/sdk/mcp';
import type { MCPClient } from '@toolwright/sdk/mcp';

/** Where a proxied prompt comes from. */
export interface PromptOrigin {
  client: MCPClient;
  /** The prompt's name on its server. */
  name: string;
}

/**
 * The names under which one session offers its upstreams' prompts, named like tools: verbatim
 * when unique, `<server>_<prompt>` (or the server's configured `<prefix>_<prompt>`) when two
 * servers clash, sanitised to `[a-zA-Z0-9_-]` with a stable hash when needed. The table maps each
 * proxied name back to its server and upstream name; it is rebuilt on every `prompts/list`.
 */
export class PromptNames {
  private readonly origins = new Map<string, PromptOrigin>();
  private built = false;

  /** Names the listed prompts (in listing order) and remembers where each came from. */
  assign(listed: readonly PromptOrigin[]): string[] {
    const names = assignMcpToolNames(
      listed.map(({ client, name }) => (client.prefix === undefined ? { server: client.name, mcpName: name } : { server: client.name, mcpName: name, prefix: client.prefix })),
      'prefix-on-conflict',
      new Set(),
    );
    this.origins.clear();
    names.forEach((name, i) => this.origins.set(name, listed[i]!));
    this.built = true;
    return names;
  }

  /** True once a listing was named (and not invalidated since). */
  get ready(): boolean {
    return this.built;
  }

  /** Forgets the table (an upstream's prompt list changed). */
  invalidate(): void {
    this.built = false;
  }

  /** Where proxied prompt `name` comes from. */
  resolve(name: string): PromptOrigin | undefined {
    return this.origins.get(name);
  }

  /** The proxied names, for messages. */
  names(): string[] {
    return [...this.origins.keys()];
  }
}
