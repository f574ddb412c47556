import type { RecordEntry, RecordInput } from './record-entry.js';

/** Options every recorder takes. */
export interface RecorderOptions {
  /**
   * Applied to every string written (keys excepted), before the process's registered secrets
   * (which every recorder masks as `<secret:NAME>`): e.g. another `SecretMasker`'s `mask`, or a
   * redaction of your own. A secret in arguments, an Observation, a model message or the
   * session's meta never reaches the record.
   */
  mask?: (text: string) => string;
}

/**
 * Where a session's record goes: one line per entry, in the order `record` is called. `record`
 * is synchronous and never throws for the entry's content (values JSON cannot carry are written
 * as text); `close` writes what is buffered and releases the sink. Give one to `new Agent({ recorder })`
 * (tool calls, decisions, approvals, observations, tool schemas) — `runTools` then records the
 * model's requests and responses through the agent's recorder too.
 */
export interface Recorder {
  /** Stamps `v` and `t` (`at`, default now: ms since the recorder was created), masks every string and writes the line. */
  record(entry: RecordInput, at?: number): void;
  /** Milliseconds since the session started (the `t` a line written now gets). */
  now(): number;
  /** Writes what is buffered and closes the sink; later `record`s are ignored. */
  close(): Promise<void>;
}

/** The entries of a record as a {@link Recorder} wrote them (for tests and replay). */
export interface RecordedEntries {
  /** Every entry, in order. */
  readonly entries: readonly RecordEntry[];
}
