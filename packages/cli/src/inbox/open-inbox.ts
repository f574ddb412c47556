import { resolve } from 'node:path';
import { FileApprovalInbox } from '@toolwright/sdk/policy';
import type { ApprovalInbox } from '@toolwright/sdk/policy';
import { redactedUrl } from './redacted-url.js';

/** The file inbox the CLI uses when neither `--inbox` nor `TOOLWRIGHT_INBOX` names one (relative to the working directory). */
export const DEFAULT_INBOX = '.toolwright/inbox';

/** An opened inbox and how to name it in messages (a PostgreSQL URL without its password). */
export interface OpenedInbox {
  inbox: ApprovalInbox;
  /** The directory, or the URL without its password. */
  location: string;
}

/** True when `text` names a PostgreSQL inbox (`postgres://…` or `postgresql://…`). */
export function isPostgresInbox(text: string): boolean {
  return /^postgres(ql)?:\/\//i.test(text);
}

/**
 * Opens the approvals inbox `--inbox` names: a `postgres://` / `postgresql://` URL (PostgreSQL:
 * the table is created when absent; needs the optional peer dependency `pg`), else a directory
 * (relative to `cwd`) for the file inbox. Without `flag`, `TOOLWRIGHT_INBOX` from `env`, else
 * `.toolwright/inbox`. `onProblem` hears about bad entries and connection trouble.
 */
export async function openInbox(flag: string | undefined, options: { cwd: string; env: NodeJS.ProcessEnv; onProblem?: (message: string) => void }): Promise<OpenedInbox> {
  const fromEnv = options.env.TOOLWRIGHT_INBOX;
  const text = flag ?? (fromEnv !== undefined && fromEnv !== '' ? fromEnv : DEFAULT_INBOX);
  if (text.trim() === '') throw new Error('--inbox: expected a directory or a postgres:// URL, got an empty value');
  if (isPostgresInbox(text)) {
    const { PostgresApprovalInbox } = await import('./postgres-approval-inbox.js');
    const inbox = await PostgresApprovalInbox.connect(text, { onProblem: options.onProblem });
    return { inbox, location: redactedUrl(text) };
  }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) throw new Error(`--inbox: expected a directory or a postgres:// URL, got '${redactedUrl(text).slice(0, 200)}'`);
  const dir = resolve(options.cwd, text);
  return { inbox: new FileApprovalInbox(dir, { onProblem: options.onProblem }), location: dir };
}
