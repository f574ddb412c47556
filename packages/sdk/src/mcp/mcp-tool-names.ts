import { createHash } from 'node:crypto';
import { ErrorCode } from '../errors/error-code.js';
import { ToolwrightError } from '../errors/toolwright-error.js';

/** How clashing tool names are resolved: fail, always prefix with the server, or prefix only the clashing ones. */
export type McpNamePolicy = 'error' | 'prefix' | 'prefix-on-conflict';

/** An MCP tool that needs a Toolwright name. */
export interface McpNameRequest {
  server: string;
  mcpName: string;
  /** The server's configured prefix, if any (always applied). */
  prefix?: string;
}

const MAX = 64;
const HASH_CHARS = 8;

/** A stable 8-character hash of `text`. */
export function shortHash(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, HASH_CHARS);
}

/**
 * `name` made to match `^[a-zA-Z0-9_-]{1,64}$`: other characters become `_`; a longer name keeps
 * its first 55 characters and a stable hash of the whole (`…_1a2b3c4d`). An empty name has no
 * sensible spelling and throws `INVALID_PARAMS` (toolsets skip such tools before naming them).
 */
export function sanitizeToolName(name: string): string {
  if (name === '') throw new ToolwrightError({ code: ErrorCode.INVALID_PARAMS, message: 'A tool name must not be empty.' });
  const clean = name.replace(/[^a-zA-Z0-9_-]/g, '_');
  return clean.length <= MAX ? clean : withHash(clean, name);
}

function withHash(base: string, seed: string): string {
  return `${base.slice(0, MAX - HASH_CHARS - 1)}_${shortHash(seed)}`;
}

const source = (r: McpNameRequest): string => `tool '${r.mcpName}' of MCP server '${r.server}'`;

/**
 * Toolwright names for MCP tools, in request order. Names are verbatim when unique; `reserved`
 * names (native tools) and `taken` names (MCP tools already named, e.g. before a list refresh)
 * count as clashes. `'error'` throws `DUPLICATE_TOOL` naming both sources; `'prefix'` always names
 * tools `<server>_<tool>`; `'prefix-on-conflict'` prefixes only the clashing MCP tools. Whatever
 * still clashes (e.g. two names equal after sanitising) gets a stable hash suffix, and an exact
 * name wins over a sanitised one whatever the listing order (`a_b` keeps `a_b`, `a b` is hashed).
 */
export function assignMcpToolNames(
  requests: readonly McpNameRequest[],
  policy: McpNamePolicy,
  reserved: ReadonlySet<string>,
  taken: ReadonlyMap<string, string> = new Map(),
): string[] {
  const firstChoice = requests.map((r) => (r.prefix !== undefined ? `${r.prefix}_${r.mcpName}` : policy === 'prefix' ? `${r.server}_${r.mcpName}` : r.mcpName));
  const bases = firstChoice.map(sanitizeToolName);
  const claims = new Map<string, McpNameRequest[]>();
  requests.forEach((r, i) => claims.set(bases[i]!, [...(claims.get(bases[i]!) ?? []), r]));
  const clashes = (name: string): boolean => {
    const owners = claims.get(name) ?? [];
    return reserved.has(name) || taken.has(name) || new Set(owners.map((o) => o.server)).size > 1;
  };
  if (policy === 'error') {
    for (const [name, owners] of claims) {
      if (!clashes(name)) continue;
      const first = reserved.has(name) ? `native tool '${name}'` : taken.has(name) ? taken.get(name)! : source(owners[0]!);
      const second = source(reserved.has(name) || taken.has(name) ? owners[0]! : owners.find((o) => o.server !== owners[0]!.server)!);
      throw new ToolwrightError({
        code: ErrorCode.DUPLICATE_TOOL,
        message: `Tool name '${name}' is claimed by both ${first} and ${second}. Use namePolicy 'prefix' or 'prefix-on-conflict', give the server a prefix, or disable one of the tools.`,
        details: { name, sources: [first, second] },
      });
    }
  }
  const wanted = requests.map((r, i) => (policy === 'prefix-on-conflict' && r.prefix === undefined && clashes(bases[i]!) ? `${r.server}_${r.mcpName}` : firstChoice[i]!));
  const names = wanted.map((w, i) => (w === firstChoice[i] ? bases[i]! : sanitizeToolName(w)));
  const used = new Set<string>([...reserved, ...taken.keys()]);
  const out: string[] = new Array<string>(names.length);
  // Names spelled exactly as wanted (nothing sanitised away) choose first, whatever the listing order.
  const exact = (i: number): boolean => names[i] === wanted[i];
  const order = names.map((_, i) => i);
  for (const i of [...order.filter(exact), ...order.filter((i) => !exact(i))]) {
    const name = names[i]!;
    const seed = `${requests[i]!.server}\u0000${requests[i]!.mcpName}`;
    let chosen = used.has(name) ? withHash(name, seed) : name;
    for (let n = 2; used.has(chosen); n++) chosen = withHash(name, `${seed}\u0000${n}`);
    used.add(chosen);
    out[i] = chosen;
  }
  return out;
}

/** Describes an MCP tool as a name source (for `taken` maps and messages). */
export function mcpNameSource(request: McpNameRequest): string {
  return source(request);
}
