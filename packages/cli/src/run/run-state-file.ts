import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { RunState } from '@toolwright/models';
import type { SerializedRunState } from '@toolwright/models';
import { ToolwrightError } from '@toolwright/sdk';
import { CliError } from '../cli-error.js';

/** Marks a `toolwright run` state file. */
export const CLI_RUN_STATE_TYPE = 'toolwright.cli-run-state';

/** Default `--state-file` (relative to the working directory). */
export const DEFAULT_STATE_FILE = '.toolwright/run-state.json';

/** An interrupted or cancelled `toolwright run`: the model flag, the conversation, the context values, and the loop's RunState. */
export interface CliRunStateFile {
  type: typeof CLI_RUN_STATE_TYPE;
  version: 1;
  /** `--model` of the run (a resume uses it unless it gives its own). */
  model: string;
  /** `--base-url` of the run, if any. */
  baseUrl?: string;
  /** The conversation the pending approvals are sealed to (its state directory holds the key). */
  conversationId: string;
  /** `--context` values of the run (a resume uses them unless it gives its own). */
  context?: Record<string, string>;
  /** The RunState as `RunState.toJSON` wrote it. */
  state: SerializedRunState;
}

/** Writes the file (its directory created), readable by its owner only: it holds the conversation. */
export async function writeRunStateFile(path: string, content: Omit<CliRunStateFile, 'type' | 'version'>): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const document: CliRunStateFile = { type: CLI_RUN_STATE_TYPE, version: 1, ...content };
  await writeFile(path, `${JSON.stringify(document, null, 2)}\n`, { mode: 0o600 });
  await chmod(path, 0o600);
}

/** Reads a state file of an interrupted run; a missing or malformed file is a usage error naming what is wrong. */
export async function readRunStateFile(path: string): Promise<{ file: CliRunStateFile; state: RunState }> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new CliError({ command: 'run', message: `--resume ${path}: cannot read it (${(error as NodeJS.ErrnoException).code ?? String(error)}).` });
  }
  const bad = (problem: string): CliError => new CliError({ command: 'run', message: `--resume ${path}: ${problem}`, hint: 'Resume with the file an interrupted `toolwright run` wrote (its --state-file).' });
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw bad(`not JSON (${(error as Error).message}).`);
  }
  const v = (typeof value === 'object' && value !== null ? value : {}) as Partial<CliRunStateFile>;
  if (v.type !== CLI_RUN_STATE_TYPE || v.version !== 1) throw bad(`expected type '${CLI_RUN_STATE_TYPE}' and version 1.`);
  if (typeof v.model !== 'string') throw bad('model: expected a string.');
  if (v.baseUrl !== undefined && typeof v.baseUrl !== 'string') throw bad('baseUrl: expected a string.');
  if (v.context !== undefined && (typeof v.context !== 'object' || v.context === null || Object.values(v.context).some((x) => typeof x !== 'string'))) throw bad('context: expected an object of strings.');
  if (typeof v.conversationId !== 'string' || v.conversationId === '' || /[/\\]|^\.\.?$/.test(v.conversationId)) throw bad('conversationId: expected a conversation id.');
  try {
    return { file: v as CliRunStateFile, state: RunState.fromJSON(v.state) };
  } catch (error) {
    if (ToolwrightError.isInstance(error)) throw bad(error.message);
    throw error;
  }
}
