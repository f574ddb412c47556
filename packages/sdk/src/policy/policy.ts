import { isAbsolute, join, resolve } from 'node:path';
import { ErrorCode } from '../errors/error-code.js';
import { ToolwrightError } from '../errors/toolwright-error.js';
import type { ApprovalHandler } from './approval-answer.js';
import { AuditLog } from './audit-log.js';
import type { AuditEvent } from './audit-log.js';
import { GrantsFile } from './grants-file.js';
import { grantsFilePath } from './grants-file-path.js';
import { parseRule } from './parse-rule.js';
import type { PermissionDecision } from './permission-decision.js';
import { PermissionEngine } from './permission-engine.js';
import { isPermissionMode, PERMISSION_MODES } from './permission-mode.js';
import type { PermissionRule, RuleBehavior } from './permission-rule.js';
import type { PolicyOptions } from './policy-options.js';
import { protectedPathsOf, protectedPathsProblem } from './protected-paths.js';
import type { PermissionSubject } from './tool-permissions.js';

/** Where a policy lives: the conversation's directories. */
export interface PolicyPlace {
  /** Relative paths in the options are resolved against it; the default working directory. */
  workingDir: string;
  /** Default home of the audit log, and of the grants file with `grantsScope: 'conversation'`. */
  stateDir: string;
  /** Home of the project's grants file (`grantsScope: 'project'`, the default): the spec file's directory when there is one; default `workingDir`. */
  projectDir?: string;
}

/**
 * One agent's policy at run time: the permission engine (code, spec, CLI and granted rules), the
 * approval callback, the grants file and the audit log. Built by {@link Policy.create}.
 */
export class Policy {
  private constructor(
    /** The engine (change `engine.mode` or add rules at any time). */
    readonly engine: PermissionEngine,
    /** The approval callback; undefined = deferred mode. */
    readonly onApproval: ApprovalHandler | undefined,
    /** Where "always" rules persist, unless disabled. */
    readonly grants: GrantsFile | undefined,
    /** The audit log, unless disabled. */
    readonly audit: AuditLog | undefined,
  ) {}

  /**
   * Checks the options (a bad mode or rule throws `INVALID_SPEC` naming it), loads the grants
   * file (a malformed one throws naming the file and JSON path) and builds the engine.
   */
  static async create(options: PolicyOptions, place: PolicyPlace): Promise<Policy> {
    const at = (p: string): string => (isAbsolute(p) ? p : resolve(place.workingDir, p));
    if (options.mode !== undefined && !isPermissionMode(options.mode)) {
      throw new ToolwrightError({
        code: ErrorCode.INVALID_SPEC,
        message: `permissions.mode: expected one of ${PERMISSION_MODES.join(', ')}, got ${JSON.stringify(options.mode)}.`,
        details: { path: 'permissions.mode' },
      });
    }
    const protection = protectedPathsProblem(options.protectedPaths ?? true);
    if (protection) throw invalidOption(protection.index === undefined ? 'protectedPaths' : `protectedPaths[${protection.index}]`, protection.message);
    if (options.confineWrites !== undefined && typeof options.confineWrites !== 'boolean') {
      throw invalidOption('confineWrites', `expected true or false, got ${JSON.stringify(options.confineWrites)}.`);
    }
    const rules: PermissionRule[] = [...(options.rules ?? [])];
    for (const behavior of ['deny', 'ask', 'allow'] as RuleBehavior[]) {
      for (const text of options[behavior] ?? []) rules.push(parseRule(text, behavior, 'code'));
    }
    const grantsPath = grantsFilePath(options, place);
    const grants = grantsPath === undefined ? undefined : new GrantsFile(grantsPath);
    if (grants) rules.push(...(await grants.rules()));
    const audit = auditLogOf(options.auditLog, place.stateDir, at);
    const workingDirectories = (options.workingDirectories ?? [place.workingDir]).map(at);
    const protectedPaths = protectedPathsOf(options.protectedPaths);
    const engine = new PermissionEngine({ mode: options.mode, rules, workingDirectories, protectedPaths, confineWrites: options.confineWrites });
    return new Policy(engine, options.onApproval, grants, audit);
  }

  /** The engine's decision (see {@link PermissionEngine.check}). */
  check<A>(tool: PermissionSubject<A>, action: A): PermissionDecision | Promise<PermissionDecision> {
    return this.engine.check(tool, action);
  }

  /** Adds rules for the rest of the conversation and persists them to the grants file. Returns those that were new. */
  async grant(rules: readonly PermissionRule[]): Promise<PermissionRule[]> {
    const added = rules.filter((rule) => this.engine.addRule({ ...rule, source: 'grants' }));
    if (this.grants) await this.grants.add(rules);
    return added;
  }

  /** True when decisions are written to an audit log. */
  get auditing(): boolean {
    return this.audit !== undefined;
  }

  /** Writes one audit line (when there is an audit log), with the current mode. */
  record(event: AuditEvent): void {
    this.audit?.record({ mode: this.engine.mode, ...event });
  }

  /** Closes the audit log. */
  close(): void {
    this.audit?.close();
  }
}

function invalidOption(name: string, problem: string): ToolwrightError {
  const path = `permissions.${name}`;
  return new ToolwrightError({ code: ErrorCode.INVALID_SPEC, message: `${path}: ${problem}`, details: { path } });
}

function auditLogOf(config: PolicyOptions['auditLog'], stateDir: string, at: (p: string) => string): AuditLog | undefined {
  if (config === false) return undefined;
  const fallback = join(stateDir, 'audit.jsonl');
  if (config === undefined) return new AuditLog({ path: fallback });
  if (typeof config === 'string') return new AuditLog({ path: at(config) });
  return new AuditLog({ path: at(config.path ?? fallback), includeValues: config.includeValues, maxBytes: config.maxBytes, keep: config.keep });
}
