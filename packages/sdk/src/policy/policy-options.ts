import type { ApprovalHandler } from './approval-answer.js';
import type { PermissionMode } from './permission-mode.js';
import type { PermissionRule } from './permission-rule.js';

/** Where the audit log goes: a path, `false` for none, or a path with options. */
export type AuditLogConfig =
  | string
  | false
  | {
      path?: string;
      /** Record argument values (default false: names only, and messages replaced by reason codes). */
      includeValues?: boolean;
      /** Rotate past this many bytes (default 10 MiB). */
      maxBytes?: number;
      /** Rotated files kept, `audit.jsonl.1` … (default 3). */
      keep?: number;
    };

/**
 * The JSON part of the policy: what an agent spec's `permissions:` section holds. Relative paths
 * are resolved against the conversation's working directory.
 */
export interface PermissionsConfig {
  /** The mode (default `'default'`). */
  mode?: PermissionMode;
  /** Allow rules: `Tool` or `Tool(content)`, e.g. `file_editor(src/**)`, `terminal(git status:*)`. */
  allow?: string[];
  /** Ask rules. */
  ask?: string[];
  /** Deny rules. */
  deny?: string[];
  /** Directories edits may be auto-allowed in (`acceptEdits`, `dontAsk`); default: the working directory. */
  workingDirectories?: string[];
  /** The grants file "always" answers persist to; `false` keeps them in memory. Default: by `grantsScope`. */
  grantsFile?: string | false;
  /**
   * Where "always" answers persist when `grantsFile` is not given: `'project'` (default)
   * `<project>/.toolwright/permissions.json` (the spec file's directory, else the working
   * directory), shared by the project's conversations; `'conversation'` `<stateDir>/permissions.json`.
   */
  grantsScope?: 'project' | 'conversation';
  /** The JSONL audit log; `false` for none. Default `<stateDir>/audit.jsonl`, argument names only. */
  auditLog?: AuditLogConfig;
  /**
   * Protected paths: writing one asks in every mode, `bypass` included (`dontAsk` denies it), and
   * allow rules never silence the ask. Default (or `true`): the built-in dangerous files and
   * directories (`.git/`, `.ssh/`, `.bashrc`, `.env`, `.github/workflows/`, `.toolwright/`, …).
   * An array adds entries: a file name or trailing segments (`deploy.key`, `.aws/credentials`),
   * or a directory ending in `/` (`secrets/`, `infra/prod/`). `false` turns protection off: those
   * paths still give a safety ask, but `bypass` skips it (the behaviour before protected paths).
   */
  protectedPaths?: boolean | string[];
  /**
   * True: writes outside the working directories are denied in every mode, by the file tools and
   * for the terminal's write targets it can see (redirections, `cp`/`mv`/`tee`/`sed -i`… operands);
   * a target it cannot resolve (a variable, an unknown directory) is denied too. Default false.
   */
  confineWrites?: boolean;
}

/** The policy of an Agent (`AgentOptions.permissions`): the JSON part plus what only code can give. */
export interface PolicyOptions extends PermissionsConfig {
  /** Rules as objects (e.g. parsed from a spec file or CLI flags, with their source). */
  rules?: PermissionRule[];
  /** Answers approval requests. Absent = deferred mode: asked calls come back pending. */
  onApproval?: ApprovalHandler;
}
