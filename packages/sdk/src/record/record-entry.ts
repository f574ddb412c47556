import type { ApprovalAnswer } from '../policy/approval-answer.js';
import type { SerializedObservation } from '../tool/observation.js';

/** The version of the record format this package writes and reads (each line's `v`). */
export const RECORD_VERSION = 1;

/** Fields every line of a record has. */
export interface RecordLineBase {
  /** Record format version ({@link RECORD_VERSION}). */
  v: typeof RECORD_VERSION;
  /** Milliseconds since the session started (µs precision); for a call's lines, when the call started. */
  t: number;
}

/** The first line: when the session started and what it ran with (spec, preset, model, task…). */
export interface SessionEntry {
  type: 'session';
  /** ISO 8601 start time. */
  startedAt: string;
  /** What the session ran with, as its writer chose (the CLI: spec, preset, imports, policy flags, model, task, cwd). */
  meta: Record<string, unknown>;
}

/** A tool's exported schema and its hash: written once per tool, again when the schema changes. */
export interface ToolEntry {
  type: 'tool';
  /** The tool's name. */
  name: string;
  /** A stable hash of `schema` (see `toolSchemaHash`). */
  hash: string;
  /** The exported schema: name, description, input (and output) JSON Schema. */
  schema: Record<string, unknown>;
}

/** One request to the model (the messages added since the previous request, not the whole conversation). */
export interface ModelRequestEntry {
  type: 'model-request';
  /** 1-based request number in this session. */
  step: number;
  /** The model API the messages are in. */
  api: string;
  /** Messages appended since the previous request (the whole conversation for the first). */
  messages: unknown[];
  /** How many messages the conversation had before `messages`. */
  offset: number;
  /** How many tool definitions were offered. */
  tools: number;
}

/** The model's answer to a request, as the adapter read it. */
export interface ModelResponseEntry {
  type: 'model-response';
  /** The request it answers. */
  step: number;
  /** The turn: text, calls, usage, finish reason, the assistant's messages. */
  turn: { text: string; calls: { id: string; name: string; arguments: string; problem?: string }[]; usage: Record<string, number>; finishReason: string; messages: unknown[] };
  /** How long the request took, in ms. */
  ms: number;
}

/**
 * A model request that failed in transport — a network error, an HTTP error status from the
 * model server, a timeout, an abort — instead of a {@link ModelResponseEntry}: the record says
 * the request got no answer (a record ending after a `model-request` without one was cut off).
 */
export interface ModelErrorEntry {
  type: 'model-error';
  /** The request it answers. */
  step: number;
  /** The error's class name (`ToolwrightError`, `TypeError`, `AbortError`, `TimeoutError`…). */
  name: string;
  /** The error's message (secrets masked, like every string of a record). */
  message: string;
  /** The error's code: a `ToolwrightError`'s, or the system's (`ECONNREFUSED`, `UND_ERR_SOCKET`) of the error or its cause. */
  code?: string;
  /** The HTTP status the model server answered with, when it answered. */
  status?: number;
  /** The message of the error's cause (`fetch failed` says little; its cause says `other side closed`). */
  cause?: string;
  /** True when the run's `signal` had aborted the request (an abort or a timeout signal): the run ended `aborted`. */
  aborted?: boolean;
  /** How long the request took until it failed, in ms. */
  ms: number;
}

/** A model's tool call as it reached the agent. */
export interface CallEntry {
  type: 'call';
  /** The tool-call id. */
  id: string;
  /** The tool name as the model wrote it. */
  tool: string;
  /** The arguments as they arrived (JSON text or an object). */
  arguments: unknown;
}

/** The permission policy's decision on a call. */
export interface DecisionEntry {
  type: 'decision';
  id: string;
  tool: string;
  /** allow, ask, deny or passthrough. */
  behavior: string;
  /** Why (rule, mode, readOnly, tool, safety, fallback, user). */
  reason?: string;
  /** The explanation given. */
  message?: string;
  /** The rule that decided (`Tool(content)`), when one did. */
  rule?: string;
}

/** An approval asked about a call, and its answer (absent: the call was left pending). */
export interface ApprovalEntry {
  type: 'approval';
  id: string;
  tool: string;
  /** Why it was asked. */
  reason: string;
  /** The answer, once given. */
  answer?: ApprovalAnswer;
  /** Rules an "always" answer added. */
  granted?: string[];
}

/** A message a tool logged during a call. */
export interface LogEntry {
  type: 'log';
  id: string;
  tool: string;
  level: string;
  data: unknown;
}

/** The outcome of a call: its Observation (an error Observation for a failed call) and how long it took. */
export interface ObservationEntry {
  type: 'observation';
  id: string;
  tool: string;
  /** The Observation as `toJSON()` gives it. */
  observation: SerializedObservation;
  /** True when the call waits for approval (deferred mode) and did not run. */
  pending?: boolean;
  /** Duration of the call through the whole pipeline, in ms. */
  ms: number;
}

/** The last line a writer adds when a session ends (the CLI: the run's status). */
export interface EndEntry {
  type: 'end';
  /** How the session ended, as its writer says. */
  status: string;
  /** Anything else its writer adds (text, usage). */
  meta?: Record<string, unknown>;
}

/** One line of a record, before the recorder stamps `v` and `t`. */
export type RecordInput = SessionEntry | ToolEntry | ModelRequestEntry | ModelResponseEntry | ModelErrorEntry | CallEntry | DecisionEntry | ApprovalEntry | LogEntry | ObservationEntry | EndEntry;

/** One line of a record as written and read. */
export type RecordEntry = RecordInput & RecordLineBase;

/** The `type`s a record line may have. */
export const RECORD_ENTRY_TYPES: readonly RecordEntry['type'][] = ['session', 'tool', 'model-request', 'model-response', 'model-error', 'call', 'decision', 'approval', 'log', 'observation', 'end'];
