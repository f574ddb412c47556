import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { closestMatch, loadAgentSpec, ToolwrightError } from '@toolwright/sdk';
import type { ToolGroupRegistration } from '@toolwright/sdk';
import { CliError } from '../cli-error.js';
import { SPEC_PROVIDER_IDS } from './spec-provider-ids.js';

/** The environment variable that moves the registrations file (`--groups-file` wins over it). */
export const GROUPS_FILE_ENV = 'TOOLWRIGHT_GROUPS_FILE';

/** Largest registrations file read (a hand-edited file is still hostile input). */
const MAX_FILE_BYTES = 1024 * 1024;
/** How long a writer waits for another writer's lock. */
const LOCK_WAIT_MS = 10_000;
/** A lock older than this was left by a writer that died. */
const STALE_LOCK_MS = 15_000;

/**
 * Where `toolwright groups register` keeps registrations: `--groups-file FILE`, else
 * `$TOOLWRIGHT_GROUPS_FILE`, else `<cwd>/.toolwright/tool-groups.json` (beside the policy's
 * grants file and audit log).
 */
export function toolGroupsFilePath(cwd: string, option: string | undefined, env: NodeJS.ProcessEnv | undefined): string {
  const chosen = option ?? (env?.[GROUPS_FILE_ENV] !== undefined && env[GROUPS_FILE_ENV] !== '' ? env[GROUPS_FILE_ENV] : undefined);
  return chosen === undefined ? join(cwd, '.toolwright', 'tool-groups.json') : resolve(cwd, chosen);
}

/** The file's name in messages: relative to `cwd` when inside it. */
export function displayPath(path: string, cwd: string): string {
  const rel = relative(cwd, path);
  return rel !== '' && !rel.startsWith('..') && !rel.startsWith('/') ? rel : path;
}

/**
 * The registrations in a file (`{ "toolGroupRegistry": [ … ] }`, the same key and entries as an
 * agent spec's). A missing file is no registrations. A file that is not what is expected is a
 * {@link CliError} naming the file and the JSON path (`…/tool-groups.json: toolGroupRegistry[1].providerId: …`);
 * an unknown provider gets the closest known id.
 */
export async function readToolGroupsFile(path: string, cwd: string): Promise<ToolGroupRegistration[]> {
  const shown = displayPath(path, cwd);
  let text: string;
  try {
    const info = await stat(path);
    if (!info.isFile()) throw new CliError({ message: `${shown}: not a regular file; expected the tool group registrations (JSON).` });
    if (info.size > MAX_FILE_BYTES) throw new CliError({ message: `${shown}: ${info.size} bytes, more than the ${MAX_FILE_BYTES} a registrations file may have.` });
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    if (error instanceof CliError) throw error;
    throw new CliError({ message: `${shown}: cannot read the tool group registrations (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}).` });
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new CliError({ message: `${shown}: not JSON (${(error as Error).message}); expected { "toolGroupRegistry": [ { "toolgroupId", "providerId", "mcpEndpoint"?, "args"? } ] }.` });
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new CliError({ message: `${shown}: expected an object { "toolGroupRegistry": [ … ] }, got ${Array.isArray(raw) ? 'an array' : raw === null ? 'null' : typeof raw}.` });
  }
  const extra = Object.keys(raw).find((key) => key !== 'toolGroupRegistry');
  if (extra !== undefined) throw new CliError({ message: `${shown}: ${extra}: unknown field; allowed: toolGroupRegistry.` });
  return checkRegistrations((raw as { toolGroupRegistry?: unknown }).toolGroupRegistry ?? [], shown);
}

/**
 * Checks registrations with the spec loader's rules (so that a file entry and a spec entry are
 * held to the same ones) and the provider ids against the known ones (with the closest id).
 * A problem is a {@link CliError} `WHERE: toolGroupRegistry[i].field: problem`.
 */
export async function checkRegistrations(groups: unknown, where: string): Promise<ToolGroupRegistration[]> {
  let checked: ToolGroupRegistration[];
  try {
    checked = (await loadAgentSpec({ tools: [], toolGroupRegistry: groups as ToolGroupRegistration[] })).toolGroupRegistry ?? [];
  } catch (error) {
    if (ToolwrightError.isInstance(error)) throw new CliError({ message: `${where}: ${error.message.replace(/^\(agent spec\):\s*/, '')}`, cause: error });
    throw error;
  }
  checked.forEach((group, i) => {
    if (SPEC_PROVIDER_IDS.includes(group.providerId)) return;
    const near = closestMatch(group.providerId, SPEC_PROVIDER_IDS);
    throw new CliError({ message: `${where}: toolGroupRegistry[${i}].providerId: unknown tool provider '${group.providerId}'.${near ? ` Did you mean '${near}'?` : ''} Providers: ${SPEC_PROVIDER_IDS.join(', ')}.` });
  });
  return checked;
}

/**
 * Replaces the file's registrations: written to a temporary file beside it and renamed over it
 * (readers see the old or the new file, never half of one), mode 0600 (an MCP endpoint's token
 * may be in it).
 */
export async function writeToolGroupsFile(path: string, groups: readonly ToolGroupRegistration[]): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    await writeFile(temp, `${JSON.stringify({ toolGroupRegistry: groups }, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
    await rename(temp, path);
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    throw error;
  }
}

/**
 * Runs `change` on the file's registrations under an exclusive lock (`FILE.lock`), so that two
 * `groups register` at once do not lose one another's entry, and writes what it returns
 * (`undefined`: nothing to write).
 */
export async function updateToolGroupsFile<T>(
  path: string,
  cwd: string,
  change: (groups: ToolGroupRegistration[]) => { groups?: ToolGroupRegistration[]; result: T } | Promise<{ groups?: ToolGroupRegistration[]; result: T }>,
): Promise<T> {
  await mkdir(dirname(path), { recursive: true });
  const lock = `${path}.lock`;
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      await (await open(lock, 'wx')).close();
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw new CliError({ message: `${displayPath(path, cwd)}: cannot lock the registrations (${(error as NodeJS.ErrnoException).code ?? String(error)}).` });
      const age = await stat(lock).then((s) => Date.now() - s.mtimeMs, () => 0);
      if (age > STALE_LOCK_MS) await unlink(lock).catch(() => undefined);
      else if (Date.now() > deadline) throw new CliError({ message: `${displayPath(path, cwd)}: another toolwright is changing the registrations (lock ${displayPath(lock, cwd)}); try again.` });
      else await new Promise((r) => setTimeout(r, 25));
    }
  }
  try {
    const outcome = await change(await readToolGroupsFile(path, cwd));
    if (outcome.groups) await writeToolGroupsFile(path, outcome.groups);
    return outcome.result;
  } finally {
    await unlink(lock).catch(() => undefined);
  }
}
