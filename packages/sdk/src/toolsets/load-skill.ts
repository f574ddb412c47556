import { readFile, stat } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { ErrorCode } from '../errors/error-code.js';
import { ToolwrightError } from '../errors/toolwright-error.js';
import type { Skill } from './skill.js';

/** The file a skill directory must have. */
export const SKILL_FILE = 'SKILL.md';
/** Largest SKILL.md read (bytes). */
export const MAX_SKILL_BYTES = 256 * 1024;
const NAME = /^[a-z0-9][a-z0-9_-]{0,63}$/i;

function skillError(file: string, problem: string): ToolwrightError {
  return new ToolwrightError({ code: ErrorCode.INVALID_SPEC, message: `Skill ${file}: ${problem}`, details: { file } });
}

/** The frontmatter block of `text` (between the first two `---` lines), or undefined. */
function frontmatterOf(text: string): string | undefined {
  const match = /^\uFEFF?---\r?\n([\s\S]*?)\r?\n---\s*(?:\r?\n|$)/.exec(text);
  return match?.[1];
}

/**
 * Reads a skill directory's `SKILL.md` and checks its YAML frontmatter: `name` (letters, digits,
 * `_`, `-`, at most 64) and `description` (non-empty, at most 1024 characters) are required.
 * Throws `INVALID_SPEC` naming the file and what is wrong.
 */
export async function loadSkill(directory: string): Promise<Skill> {
  const dir = resolve(directory);
  const file = join(dir, SKILL_FILE);
  let info;
  try {
    info = await stat(file);
  } catch {
    throw skillError(file, `not found: a skill is a directory with a ${SKILL_FILE}.`);
  }
  if (!info.isFile()) throw skillError(file, 'is not a regular file.');
  if (info.size > MAX_SKILL_BYTES) throw skillError(file, `is ${info.size} bytes; at most ${MAX_SKILL_BYTES} are read.`);
  const text = await readFile(file, 'utf8');
  const block = frontmatterOf(text);
  if (block === undefined) throw skillError(file, "has no YAML frontmatter: start it with '---', then name: and description: lines, then '---'.");
  const { parse } = await import('yaml');
  let data: unknown;
  try {
    data = parse(block);
  } catch (error) {
    throw skillError(file, `frontmatter is not valid YAML (${error instanceof Error ? error.message.split('\n')[0] : String(error)}).`);
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) throw skillError(file, 'frontmatter must be a mapping with name and description.');
  const { name, description } = data as Record<string, unknown>;
  if (typeof name !== 'string' || !NAME.test(name)) throw skillError(file, `frontmatter name must be letters, digits, '_' or '-' (at most 64), got ${JSON.stringify(name) ?? 'nothing'}.`);
  if (typeof description !== 'string' || description.trim() === '') throw skillError(file, 'frontmatter description is missing or empty.');
  if (description.length > 1024) throw skillError(file, `frontmatter description is ${description.length} characters; at most 1024.`);
  return { name, description: description.trim(), directory: dir, file };
}

/** The name of a skill directory (for messages). */
export function skillDirName(directory: string): string {
  return basename(resolve(directory));
}
