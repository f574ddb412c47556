import type { ApprovalAnswer } from '../policy/approval-answer.js';
import { formatRule } from '../policy/parse-rule.js';
import type { PermissionRule } from '../policy/permission-rule.js';
import { Observation } from '../tool/observation.js';
import type { Recorder } from './recorder.js';
import { CallLine, PlainObservationLine, roundMs } from './record-line.js';
import { toolSchemaHash } from './tool-schema-hash.js';
import type { SchemaExportingTool } from './tool-schema-hash.js';

/** What a finished call offers the recording (the runtime's `CallContext` has these fields). */
export interface RecordableCall {
  readonly toolCallId: string;
  readonly toolName: string;
  readonly rawArguments: unknown;
  readonly tool?: SchemaExportingTool;
  readonly decision?: { readonly behavior: string; readonly reason?: string; readonly [detail: string]: unknown };
}

/** An event of a call as the recording reads it (`ApprovalRequestEvent`, `LogEvent`; others are carried by the call's lines). */
export interface RecordableEvent {
  readonly kind: string;
  readonly request?: { readonly reason: string };
  readonly answer?: ApprovalAnswer;
  readonly granted?: { readonly rules: readonly string[] };
  readonly level?: string;
  readonly data?: unknown;
}

/** A call's outcome (the runtime's `ToolCallResult`). */
export interface RecordableResult {
  readonly events: readonly RecordableEvent[];
  readonly observation: Observation;
  readonly pending?: unknown;
}

/**
 * Turns an agent's finished tool calls into record lines: the tool's schema (once per tool, again
 * when its hash changes), the call, the permission decision, each approval asked and its answer,
 * each log, and the Observation with the call's duration. Written when the call ends, all lines
 * of one call together: the `call` line's `t` is when the call started, the others' when it ended.
 */
export class CallRecording {
  private readonly hashes = new WeakMap<object, { schema: Record<string, unknown>; hash: string }>();
  private readonly written = new Map<string, string>();

  constructor(readonly recorder: Recorder) {}

  /** Writes the schema line of each tool whose hash is new or changed (at the start: every tool). */
  tools(tools: Iterable<SchemaExportingTool>): void {
    for (const tool of tools) this.tool(tool);
  }

  private tool(tool: SchemaExportingTool): void {
    let known = this.hashes.get(tool);
    if (!known) {
      try {
        known = toolSchemaHash(tool);
      } catch {
        return; // A tool whose schema cannot be exported is recorded by its calls only.
      }
      this.hashes.set(tool, known);
    }
    if (this.written.get(tool.name) === known.hash) return;
    this.written.set(tool.name, known.hash);
    this.recorder.record({ type: 'tool', name: tool.name, hash: known.hash, schema: known.schema });
  }

  /** When a call starts (pass it back to {@link CallRecording.finished}). */
  started(): number {
    return this.recorder.now();
  }

  /** Writes the lines of a finished call. Never throws. */
  finished(call: RecordableCall, result: RecordableResult, started: number): void {
    try {
      this.write(call, result, started);
    } catch {
      // Recording never fails a call.
    }
  }

  private write(call: RecordableCall, result: RecordableResult, started: number): void {
    const recorder = this.recorder;
    const ended = recorder.now();
    const ms = roundMs(ended - started);
    const id = call.toolCallId;
    const tool = call.toolName;
    if (call.tool) this.tool(call.tool);
    recorder.record(new CallLine(id, tool, call.rawArguments), started);
    const decision = call.decision;
    if (decision) {
      const rule = decision.rule as PermissionRule | undefined;
      recorder.record({
        type: 'decision',
        id,
        tool,
        behavior: decision.behavior,
        ...(typeof decision.reason === 'string' ? { reason: decision.reason } : {}),
        ...(typeof decision.message === 'string' ? { message: decision.message } : {}),
        ...(rule && typeof rule.tool === 'string' ? { rule: formatRule(rule) } : {}),
      });
    }
    for (const event of result.events) {
      if (event.kind === 'ApprovalRequestEvent' && event.request) {
        recorder.record({ type: 'approval', id, tool, reason: event.request.reason, ...(event.answer ? { answer: event.answer } : {}), ...(event.granted ? { granted: [...event.granted.rules] } : {}) });
      } else if (event.kind === 'LogEvent') {
        recorder.record({ type: 'log', id, tool, level: String(event.level), data: event.data });
      }
    }
    const observation = result.observation;
    if (!result.pending && observation.constructor === Observation) recorder.record(new PlainObservationLine(id, tool, observation, ms), ended);
    else recorder.record({ type: 'observation', id, tool, observation: observation.toJSON(), ms, ...(result.pending ? { pending: true } : {}) }, ended);
  }
}
