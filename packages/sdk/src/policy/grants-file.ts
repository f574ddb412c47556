import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { ErrorCode } from '../errors/error-code.js';
import { ToolwrightError } from '../errors/toolwright-error.js';
import { isPlainObject } from '../util/guards.js';
import { lockFile } from '../util/lock-file.js';
import { formatRule, parseRule, ruleSyntaxProblem } from './parse-rule.js';
import type { PermissionRule, RuleBehavior } from './permission-rule.js';

/** The grants file's JSON: rule strings by behavior, for people to read and edit. */
export interface GrantsDocument {
  /** Format version (1). */
  version: 1;
  /** Allow rules, `Tool` or `Tool(content)`. */
  allow: string[];
  /** Ask rules. */
  ask: string[];
  /** Deny rules. */
  deny: string[];
}

const BEHAVIORS: readonly RuleBehavior[] = ['allow', 'ask', 'deny'];
const MAX_BYTES = 1024 * 1024;


function grantsError(path: string, where: string, problem: string): ToolwrightError {
  return new ToolwrightError({ code: ErrorCode.INVALID_SPEC, message: `${path}${where ? `: ${where}` : ''}: ${problem}`, details: { source: path, path: where } });
}

/** Reads and checks a grants document; every problem names the file and the JSON path. */
function parseGrants(path: string, text: string): GrantsDocument {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw grantsError(path, '', `invalid JSON: ${(error as Error).message}`);
  }
  if (!isPlainObject(raw)) throw grantsError(path, '', 'expected an object { version: 1, allow: [], ask: [], deny: [] }.');
  for (const key of Object.keys(raw)) {
    if (key !== 'version' && key !== '$comment' && !(BEHAVIORS as readonly string[]).includes(key)) {
      throw grantsError(path, key, 'unknown field; allowed: version, allow, ask, deny, $comment.');
    }
  }
  if (raw.version !== undefined && raw.version !== 1) throw grantsError(path, 'version', 'expected 1.');
  const doc: GrantsDocument = { version: 1, allow: [], ask: [], deny: [] };
  for (const behavior of BEHAVIORS) {
    const list = raw[behavior] ?? [];
    if (!Array.isArray(list)) throw grantsError(path, behavior, 'expected an array of rule strings.');
    list.forEach((rule: unknown, i: number) => {
      const problem = ruleSyntaxProblem(rule);
      if (problem) throw grantsError(path, `${behavior}[${i}]`, `${problem}.`);
      doc[behavior].push((rule as string).trim());
    });
  }
  return doc;
}

/**
 * The grants file: rules a user granted with "always", kept as readable JSON
 * (`{ "version": 1, "allow": ["file_editor(src/**)"], "ask": [], "deny": [] }`). People may edit
 * it; a malformed file is a configuration error naming the file and the JSON path.
 */
export class GrantsFile {
  constructor(readonly path: string) {}

  /** The document, or an empty one when the file does not exist. */
  async read(): Promise<GrantsDocument> {
    let text: string;
    try {
      text = await readFile(this.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { version: 1, allow: [], ask: [], deny: [] };
      throw grantsError(this.path, '', `cannot read the file (${(error as NodeJS.ErrnoException).code ?? String(error)}).`);
    }
    if (text.length > MAX_BYTES) throw grantsError(this.path, '', `the file is larger than ${MAX_BYTES} bytes.`);
    return parseGrants(this.path, text);
  }

  /** The file's rules, with source `grants`. */
  async rules(): Promise<PermissionRule[]> {
    const doc = await this.read();
    return BEHAVIORS.flatMap((behavior) => doc[behavior].map((text) => parseRule(text, behavior, 'grants')));
  }

  /**
   * Adds rules (those already present are skipped): a locked read-merge-write, so two processes
   * (or two calls) adding at once both keep their rules and edits made meanwhile are kept; written
   * to a temporary file and renamed, so readers never see half a file. Returns the rules actually added.
   */
  async add(rules: readonly PermissionRule[]): Promise<PermissionRule[]> {
    if (rules.length === 0) return [];
    await mkdir(dirname(this.path), { recursive: true });
    const unlock = await this.lock();
    try {
      return await this.addLocked(rules);
    } finally {
      await unlock();
    }
  }

  /** Takes `<path>.lock` (one writer at a time across processes; see {@link lockFile}), its errors worded as the grants file's. */
  private async lock(): Promise<() => Promise<void>> {
    try {
      return await lockFile(`${this.path}.lock`);
    } catch (error) {
      throw grantsError(this.path, '', `${(error as Error).message}.`);
    }
  }

  /** {@link GrantsFile.add} under the lock: read, merge, write to a temporary file, rename. */
  private async addLocked(rules: readonly PermissionRule[]): Promise<PermissionRule[]> {
    const doc = await this.read();
    const added: PermissionRule[] = [];
    for (const rule of rules) {
      const text = formatRule(rule);
      if (doc[rule.behavior].includes(text)) continue;
      doc[rule.behavior].push(text);
      added.push(rule);
    }
    if (added.length === 0) return added;
    const temp = `${this.path}.${process.pid}.${Date.now()}.tmp`;
    await writeFile(temp, `${JSON.stringify(doc, null, 2)}\n`, { mode: 0o600 });
    await rename(temp, this.path);
    return added;
  }
}
