import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { link, mkdir, open, readFile, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ErrorCode } from '../errors/error-code.js';
import { ToolwrightError } from '../errors/toolwright-error.js';
import { canonicalJson } from './canonical-json.js';
import type { PendingApproval } from './pending-approval.js';

/** The key file in a conversation's state directory (32 random bytes, mode 0600, created on first use). */
export const APPROVAL_KEY_FILE = 'approval.key';
/** The directory of answered-envelope markers in a conversation's state directory. */
export const ANSWERED_DIR = 'answered';

const KEY_BYTES = 32;
/** What the MAC is over, besides the fields: a fixed label, so a MAC made for something else never matches. */
const LABEL = 'toolwright.pending-approval.v1';
const MAC_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The fields of a pending call an answer is bound to. */
export interface SealedFields {
  conversationId: string;
  toolCallId: string;
  toolName: string;
  arguments: Record<string, unknown>;
  /** Random per envelope: a call asked again gets a new envelope, answered once in its turn. */
  nonce: string;
}

function sealError(message: string, details: Record<string, unknown> = {}): ToolwrightError {
  return new ToolwrightError({ code: ErrorCode.PERMISSION_DENIED, message, details });
}

/**
 * Binds deferred approvals to what was shown. Each pending envelope carries an HMAC-SHA256 (`mac`)
 * over (conversation id, call id, tool name, canonical JSON of the arguments, a random `nonce`),
 * keyed by 32 random bytes in the conversation's state directory (`approval.key`, mode 0600,
 * created on first use). `agent.resume` checks it ({@link ApprovalSeal.verify}) and marks each
 * envelope answered by creating `answered/<mac>` exclusively ({@link ApprovalSeal.claim}), so an
 * altered envelope, one from another conversation, and a second answer (in any process) are refused.
 */
export class ApprovalSeal {
  private key?: Promise<Buffer | undefined>;

  constructor(
    /** The conversation's state directory (holds the key and the answered markers). */
    readonly stateDir: string,
    /** The conversation envelopes must belong to. */
    readonly conversationId: string,
  ) {}

  /** The key file's path. */
  get keyPath(): string {
    return join(this.stateDir, APPROVAL_KEY_FILE);
  }

  /** `pending` with a fresh nonce and its MAC (the key is created on first use). */
  async seal(pending: PendingApproval): Promise<PendingApproval> {
    const key = await this.loadKey(true);
    const nonce = randomBytes(16).toString('base64url');
    const { request } = pending;
    const mac = macOf(key!, { conversationId: this.conversationId, toolCallId: request.toolCallId, toolName: request.toolName, arguments: request.arguments, nonce });
    return { ...pending, conversationId: this.conversationId, nonce, mac };
  }

  /**
   * Why `pending` is not an envelope this conversation issued, unmodified, or undefined when it is.
   * `where` names it in the message (`pending[0]`).
   */
  async problem(pending: PendingApproval, where: string): Promise<string | undefined> {
    const call = `${where} (call ${JSON.stringify(pending.request.toolCallId)} of tool ${JSON.stringify(pending.request.toolName)})`;
    const unmodified = 'a pending approval must come from this conversation unmodified; nothing ran. Let the model call again to get a new one.';
    if (typeof pending.mac !== 'string' || typeof pending.nonce !== 'string') return `${call} carries no MAC (mac, nonce): ${unmodified}`;
    if (pending.conversationId !== this.conversationId) {
      return `${call} belongs to conversation ${JSON.stringify(pending.conversationId ?? null)}, not to this agent's conversation ${JSON.stringify(this.conversationId)}: ${unmodified}`;
    }
    const key = await this.loadKey(false);
    const { toolCallId, toolName, arguments: args } = pending.request;
    const expected = key && macOf(key, { conversationId: this.conversationId, toolCallId, toolName, arguments: args, nonce: pending.nonce });
    if (!expected || !MAC_PATTERN.test(pending.mac) || !timingSafeEqual(Buffer.from(expected), Buffer.from(pending.mac))) {
      return `${call} does not match what was shown for approval (its call id, tool, arguments or conversation were altered, or it was issued with another key): ${unmodified}`;
    }
    return undefined;
  }

  /** Throws `PERMISSION_DENIED` with {@link ApprovalSeal.problem}'s message when there is one. */
  async verify(pending: PendingApproval, where: string): Promise<void> {
    const problem = await this.problem(pending, where);
    if (problem) throw sealError(`agent.resume: ${problem}`, { toolCallId: pending.request.toolCallId, tool: pending.request.toolName });
  }

  /**
   * Marks a verified envelope answered: creates `answered/<mac>` exclusively (`wx`), so of two
   * answers racing, in one process or two, exactly one gets true. False when it was answered before.
   */
  async claim(pending: PendingApproval): Promise<boolean> {
    const dir = join(this.stateDir, ANSWERED_DIR);
    await mkdir(dir, { recursive: true, mode: 0o700 });
    try {
      const handle = await open(this.markerPath(pending), 'wx', 0o600);
      await handle.writeFile(`${new Date().toISOString()} ${process.pid}\n`);
      await handle.close();
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw sealError(`agent.resume: cannot record the answer to call ${JSON.stringify(pending.request.toolCallId)} in ${dir} (${(error as NodeJS.ErrnoException).code ?? String(error)}); nothing ran.`);
    }
  }

  /** Takes back a claim this process just made (another envelope of the same resume was refused). */
  async release(pending: PendingApproval): Promise<void> {
    await unlink(this.markerPath(pending)).catch(() => undefined);
  }

  private markerPath(pending: PendingApproval): string {
    if (typeof pending.mac !== 'string' || !MAC_PATTERN.test(pending.mac)) throw new Error('claim of an unverified pending approval');
    return join(this.stateDir, ANSWERED_DIR, pending.mac);
  }

  /** The key, cached once found; created when `create` and absent. */
  private async loadKey(create: boolean): Promise<Buffer | undefined> {
    const cached = this.key && (await this.key);
    if (cached) return cached;
    const loading = readKey(this.keyPath, create);
    this.key = loading.catch(() => undefined);
    return loading;
  }
}

/** The MAC of `fields` (base64url of HMAC-SHA256). */
export function macOf(key: Buffer, fields: SealedFields): string {
  const text = canonicalJson([LABEL, fields.conversationId, fields.toolCallId, fields.toolName, fields.arguments, fields.nonce]);
  return createHmac('sha256', key).update(text).digest('base64url');
}

/** Reads the key file (checking its size and mode), creating it first when asked and absent. */
async function readKey(path: string, create: boolean): Promise<Buffer | undefined> {
  let key = await readExisting(path);
  if (key === undefined && create) {
    await mkdir(join(path, '..'), { recursive: true, mode: 0o700 });
    // Written whole under a temporary name, then linked into place: a reader never sees a partial
    // key, and of two processes creating it at once, one key wins (link fails with EEXIST).
    const temp = `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(temp, randomBytes(KEY_BYTES), { mode: 0o600, flag: 'wx' });
    try {
      await link(temp, path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw keyError(path, `cannot create it (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
    } finally {
      await unlink(temp).catch(() => undefined);
    }
    key = await readExisting(path);
  }
  return key;
}

async function readExisting(path: string): Promise<Buffer | undefined> {
  let key: Buffer;
  try {
    key = await readFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw keyError(path, `cannot read it (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
  if (key.length !== KEY_BYTES) throw keyError(path, `expected ${KEY_BYTES} bytes, found ${key.length}; delete it to make a new key (pending approvals issued with the old one are then refused)`);
  const mode = (await stat(path)).mode & 0o777;
  if (process.platform !== 'win32' && (mode & 0o077) !== 0) {
    throw keyError(path, `others may read it (mode ${mode.toString(8)}), so they could forge approvals; chmod 600 it, or delete it to make a new key`);
  }
  return key;
}

function keyError(path: string, problem: string): ToolwrightError {
  return new ToolwrightError({ code: ErrorCode.PERMISSION_DENIED, message: `The approval key ${path}: ${problem}.`, details: { source: path } });
}
