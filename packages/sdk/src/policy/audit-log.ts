import { closeSync, fchmodSync, fstatSync, mkdirSync, openSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { ErrorCode } from '../errors/error-code.js';
import { ToolwrightError } from '../errors/toolwright-error.js';
import { processSecrets } from '../secrets/process-secrets.js';
import type { PermissionRule } from './permission-rule.js';
import { isoNow } from './iso-now.js';
import { formatRule } from './parse-rule.js';

/** Default size at which the audit log rotates: 10 MiB. */
export const DEFAULT_AUDIT_MAX_BYTES = 10 * 1024 * 1024;
/** Default number of rotated files kept (`audit.jsonl.1` … `.3`). */
export const DEFAULT_AUDIT_KEEP = 3;
/** Lines between two reads of the file's real size (another process may append to it). */
const STAT_EVERY = 64;

/** Options of {@link AuditLog}. */
export interface AuditLogOptions {
  /** The JSONL file (appended to, created with mode 0600). */
  path: string;
  /**
   * Record argument values too (default false). Without it a line carries no argument value:
   * argument names only, the decision's reason code instead of its message (messages quote
   * commands and paths), and the content of rules granted from calls left out.
   */
  includeValues?: boolean;
  /** Size in bytes past which the file is rotated to `<path>.1` before the next line (default 10 MiB). */
  maxBytes?: number;
  /** How many rotated files to keep, `<path>.1` (newest) … `<path>.<keep>` (default 3; 0 keeps none). */
  keep?: number;
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
  /** The decision's message; it may quote argument values, so it is written only with `includeValues`. */
  message?: string;
  /** A fixed text that quotes no argument value (e.g. `edited arguments invalid`): always written. */
  note?: string;
  /** The rule that decided. */
  rule?: PermissionRule;
  /** The mode at the time. */
  mode?: string;
  /** The call's arguments (only their names are written unless `includeValues`). */
  arguments?: Record<string, unknown>;
  /** Rules added by an "always" answer. */
  addedRules?: readonly PermissionRule[];
  /** The grants file an "always" answer saved its rules to. */
  grantsFile?: string;
}

/** Rules made from a call (an "always" answer's): their content may quote the call's arguments. */
function fromCall(rule: PermissionRule): boolean {
  return rule.source === 'grants' || rule.source === 'user';
}

/** Strings JSON writes as they are between quotes (printable ASCII but `"` and `\\`): no escaping pass needed. */
const PLAIN = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

/** `,"name":value` as JSON.stringify writes an object's property (nothing for a value it leaves out). */
function field(name: string, value: unknown): string {
  if (typeof value === 'string') return PLAIN.test(value) ? `,"${name}":"${value}"` : `,"${name}":${JSON.stringify(value)}`;
  const json = JSON.stringify(value) as string | undefined;
  return json === undefined ? '' : `,"${name}":${json}`;
}

/** A JSON array of strings. */
function strings(list: readonly string[]): string {
  let out = '[';
  for (let i = 0; i < list.length; i++) {
    const item = list[i]!;
    out += `${i === 0 ? '' : ','}${typeof item === 'string' && PLAIN.test(item) ? `"${item}"` : (JSON.stringify(item) ?? 'null')}`;
  }
  return `${out}]`;
}

function checkSize(name: string, value: number | undefined, min: number, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < min) {
    throw new ToolwrightError({ code: ErrorCode.INVALID_SPEC, message: `auditLog.${name}: expected an integer >= ${min}, got ${JSON.stringify(value)}.`, details: { path: `permissions.auditLog.${name}` } });
  }
  return value;
}

/**
 * An append-only JSONL audit log: one line per decision with the time, call id, tool, decision,
 * reason, rule and its source, and the argument names (values only when configured). Each line
 * is one `write` to a file opened for appending, so concurrent writers never interleave lines.
 * Past `maxBytes` the file is rotated (`audit.jsonl` → `.1` → … → `.<keep>`, the oldest dropped);
 * the file and its rotations are mode 0600.
 */
export class AuditLog {
  readonly path: string;
  /** Rotation size in bytes. */
  readonly maxBytes: number;
  /** Rotated files kept. */
  readonly keep: number;
  private readonly includeValues: boolean;
  private fd?: number;
  /** The file's size as of the last fstat plus what this writer appended since. */
  private size = 0;
  /** Lines written since the last fstat. */
  private sinceStat = 0;

  /** Throws `INVALID_SPEC` for a `maxBytes` < 1 or a `keep` < 0 (or not integers). */
  constructor(options: AuditLogOptions) {
    this.path = options.path;
    this.includeValues = options.includeValues === true;
    this.maxBytes = checkSize('maxBytes', options.maxBytes, 1, DEFAULT_AUDIT_MAX_BYTES);
    this.keep = checkSize('keep', options.keep, 0, DEFAULT_AUDIT_KEEP);
  }

  /**
   * The JSON line for `event` (without the newline): `JSON.stringify` of the entry described in
   * the class comment, fields in that order, written from its strings (on Node 20 JSON.stringify of
   * such an object and a `toISOString` per line were most of an allowed call's audit cost).
   */
  line(event: AuditEvent, time?: Date): string {
    const values = this.includeValues;
    let out = `{"time":"${time === undefined ? isoNow() : time.toISOString()}"`;
    out += field('toolCallId', event.toolCallId) + field('tool', event.toolName) + field('decision', event.decision);
    if (event.originalName !== undefined) out += field('originalTool', event.originalName);
    if (event.reason !== undefined) out += field('reason', event.reason);
    if (event.message !== undefined && values) out += field('message', event.message);
    if (event.note !== undefined) out += field('note', event.note);
    if (event.rule) {
      out += values || !fromCall(event.rule) ? field('rule', formatRule(event.rule)) : field('ruleTool', event.rule.tool);
      out += field('ruleBehavior', event.rule.behavior);
      if (event.rule.source) out += field('ruleSource', event.rule.source);
    }
    if (event.mode !== undefined) out += field('mode', event.mode);
    if (event.arguments) {
      out += `,"argumentNames":${strings(Object.keys(event.arguments))}`;
      if (values) out += field('arguments', event.arguments);
    }
    if (event.addedRules && event.addedRules.length > 0) {
      out += values ? `,"addedRules":${strings(event.addedRules.map(formatRule))}` : `,"addedRuleTools":${strings(event.addedRules.map((rule) => rule.tool))}`;
    }
    if (event.grantsFile !== undefined) out += field('grantsFile', event.grantsFile);
    // The one funnel of audit lines: a secret in a reason, a message or an argument is masked.
    return processSecrets.mask(`${out}}`);
  }

  /** Appends one line, rotating first when it would pass `maxBytes`. Throws when the file cannot be written (the caller fails the call closed). */
  record(event: AuditEvent): void {
    const text = `${this.line(event)}\n`;
    const bytes = Buffer.byteLength(text);
    if (this.fd === undefined) this.open();
    // Other processes may append too: the real size is read every STAT_EVERY lines, and always
    // before rotating (a stat call each), so a file passes maxBytes by at most that many of their lines.
    if (this.sinceStat >= STAT_EVERY || this.size + bytes > this.maxBytes) this.stat();
    if (this.size > 0 && this.size + bytes > this.maxBytes) this.rotate(bytes);
    writeSync(this.fd!, text);
    this.size += bytes;
    this.sinceStat += 1;
  }

  /** Closes the file (a later `record` opens it again). */
  close(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }

  private open(): void {
    mkdirSync(dirname(this.path), { recursive: true, mode: 0o700 });
    this.fd = openSync(this.path, 'a', 0o600);
    // The mode only applies to a new file: one that exists readable by others is made 0600 too.
    if ((fstatSync(this.fd).mode & 0o077) !== 0) fchmodSync(this.fd, 0o600);
    this.stat();
  }

  private stat(): void {
    this.size = fstatSync(this.fd!).size;
    this.sinceStat = 0;
  }

  /**
   * Shifts `<path>.i` to `<path>.i+1` (dropping `<path>.<keep>`), `<path>` to `<path>.1`, and opens
   * a new `<path>`. When another process rotated the file meanwhile, only reopens it (and rotates
   * that one in turn if it has no room for `bytes` more either).
   */
  private rotate(bytes: number): void {
    const ours = fstatSync(this.fd!).ino;
    let current: number | undefined;
    try {
      current = statSync(this.path).ino;
    } catch {
      current = undefined;
    }
    this.close();
    if (current === ours) {
      if (this.keep === 0) unlinkSync(this.path);
      else {
        try {
          unlinkSync(`${this.path}.${this.keep}`);
        } catch {
          // not there yet
        }
        for (let i = this.keep - 1; i >= 1; i--) {
          try {
            renameSync(`${this.path}.${i}`, `${this.path}.${i + 1}`);
          } catch {
            // not there yet
          }
        }
        renameSync(this.path, `${this.path}.1`);
      }
    }
    this.open();
    if (current !== ours && this.size > 0 && this.size + bytes > this.maxBytes) this.rotate(bytes);
  }
}
