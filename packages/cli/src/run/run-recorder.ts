import { resolve } from 'node:path';
import { FileRecorder, ToolwrightError } from '@toolwright/sdk';
import type { RunResult } from '@toolwright/models';
import { CliError } from '../cli-error.js';
import type { PolicyFlags } from '../policy/policy-flags.js';

/** What a `run --record` session line says the run was made with (what `replay` reopens). */
export interface RunRecordMeta {
  command: 'run';
  task?: string;
  model: string;
  baseUrl?: string;
  /** Absolute path of `--spec`. */
  spec?: string;
  preset?: string;
  /** `--import` modules as given (resolved against `cwd`). */
  imports: string[];
  groupsFile?: string;
  policyFlags: PolicyFlags;
  cwd: string;
  maxSteps: number;
  /** True for `run --resume`: the record starts from a saved state and cannot be replayed. */
  resumed: boolean;
}

/** Opens `--record F` (appending) and writes the session line; a file that cannot be opened is a usage error. */
export function openRunRecorder(path: string, meta: RunRecordMeta): FileRecorder {
  let recorder: FileRecorder;
  try {
    recorder = new FileRecorder(resolve(meta.cwd, path));
  } catch (error) {
    if (ToolwrightError.isInstance(error)) throw new CliError({ command: 'run', message: `--record: ${error.message}`, cause: error });
    throw error;
  }
  const { spec, ...rest } = meta;
  recorder.record({ type: 'session', startedAt: new Date().toISOString(), meta: { ...rest, ...(spec === undefined ? {} : { spec: resolve(meta.cwd, spec) }) } as unknown as Record<string, unknown> });
  return recorder;
}

/** Writes the run's end (status, text, usage) and closes the record. */
export async function closeRunRecorder(recorder: FileRecorder, result: RunResult): Promise<void> {
  recorder.record({ type: 'end', status: result.status, meta: { text: result.text, steps: result.steps.length, usage: { ...result.usage } } });
  await recorder.close();
}

/** Writes that the run failed (`end` with status `failed` and the error's message) and closes the record. */
export async function failRunRecorder(recorder: FileRecorder, error: unknown): Promise<void> {
  recorder.record({ type: 'end', status: 'failed', meta: { error: error instanceof Error ? error.message : String(error) } });
  await recorder.close();
}
