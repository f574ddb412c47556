import { mkdirSync, openSync, writeSync, closeSync } from 'node:fs';
import { dirname } from 'node:path';
import type { PermissionRule } from './permission-rule.js';
import { formatRule } from './parse-rule.js';

/** Options of {@link AuditLog}. */
export interface AuditLogOptions {
  /** The JSONL file (appended to, created with mode 0600). */
  path: string;
  /** Record argument values too (default false: only their names). */
  includeValues?: boolean;
}

/** What happened to one call at one point: the engine's decision, or a human's answer. */
export interface AuditEvent {
  /** The model's tool-call id. */
  toolCallId: string;
  /** The tool. */
  toolName: string;
  /** The tool's name before a toolset renamed or prefixed it (written as `originalTool`). */
  originalName?: string;
  /** `allow` / `ask` / `deny` from the engine; `approve` / `reject` / `edit` / `always` from a human; `pending` when deferred. */
  decision: string;
  /** Why (a `DecisionReason`, or `user`). */
  reason?: string;
  /** The decision's message. */
  message?: string;
  /** The rule that decided. */
  rule?: PermissionRule;
  /** The mode at the time. */
  mode?: string;
  /** The call's arguments (only their names are written unless `includeValues`). */
  arguments?: Record<string, unknown>;
  /** Rules added by an "always" answer. */
  addedRules?: readonly PermissionRule[];
}

/**
 * An append-only JSONL audit log: one line per decision with the time, call id, tool, decision,
 * reason, rule and its source, and the argument names (values only when configured). Each line
 * is one `write` to a file opened for appending, so concurrent writers never interleave lines.
 */
export class AuditLog {
  readonly path: string;
  private readonly includeValues: boolean;
  private fd?: number;

  constructor(options: AuditLogOptions) {
    this.path = options.path;
    this.includeValues = options.includeValues === true;
  }

  /** The JSON line for `event` (without the newline). */
  line(event: AuditEvent, time = new Date()): string {
    const entry: Record<string, unknown> = { time: time.toISOString(), toolCallId: event.toolCallId, tool: event.toolName, decision: event.decision };
    if (event.originalName !== undefined) entry.originalTool = event.originalName;
    if (event.reason !== undefined) entry.reason = event.reason;
    if (event.message !== undefined) entry.message = event.message;
    if (event.rule) {
      entry.rule = formatRule(event.rule);
      entry.ruleBehavior = event.rule.behavior;
      if (event.rule.source) entry.ruleSource = event.rule.source;
    }
    if (event.mode !== undefined) entry.mode = event.mode;
    if (event.arguments) {
      entry.argumentNames = Object.keys(event.arguments);
      if (this.includeValues) entry.arguments = event.arguments;
    }
    if (event.addedRules && event.addedRules.length > 0) entry.addedRules = event.addedRules.map(formatRule);
    return JSON.stringify(entry);
  }

  /** Appends one line. Throws when the file cannot be written (the caller fails the call closed). */
  record(event: AuditEvent): void {
    if (this.fd === undefined) {
      mkdirSync(dirname(this.path), { recursive: true });
      this.fd = openSync(this.path, 'a', 0o600);
    }
    writeSync(this.fd, `${this.line(event)}\n`);
  }

  /** Closes the file (a later `record` opens it again). */
  close(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }
}
