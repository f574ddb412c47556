import { open, readdir, realpath } from 'node:fs/promises';
import { isAbsolute, join, relative, sep } from 'node:path';
import { ErrorCode } from '../errors/error-code.js';
import { ToolwrightError } from '../errors/toolwright-error.js';
import { MAX_SKILL_BYTES } from './load-skill.js';
import type { Skill } from './skill.js';

/** Most files a skill's listing names (deeper or later ones are left out, and the listing says so). */
export const MAX_SKILL_LISTING = 200;
/** How many directory levels below the skill's directory are listed. */
const MAX_DEPTH = 4;

/** An error the model reads: what is wrong with the file it asked for, and what it can do. */
function fileError(skill: Skill, problem: string, code: ErrorCode = ErrorCode.INVALID_ARGUMENTS): ToolwrightError {
  return new ToolwrightError({ code, message: `Skill '${skill.name}': ${problem}`, details: { skill: skill.name } });
}

/**
 * The files of a skill's directory (paths relative to it, `/`-separated, sorted), without its
 * `SKILL.md`: at most {@link MAX_SKILL_LISTING}, four levels deep. A symbolic link is listed only
 * when it leads to a file inside the directory (directories behind links are not entered).
 * `truncated` says some were left out.
 */
export async function listSkillFiles(skill: Skill): Promise<{ files: string[]; truncated: boolean }> {
  const root = await realpath(skill.directory).catch(() => skill.directory);
  const inside = (real: string): boolean => real.startsWith(root + sep);
  const files: string[] = [];
  let truncated = false;
  const walk = async (dir: string, depth: number): Promise<void> => {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (depth < MAX_DEPTH) await walk(path, depth + 1);
        else truncated = true;
        continue;
      }
      if (entry.isSymbolicLink() && !(await realpath(path).then(inside, () => false))) continue;
      const name = relative(skill.directory, path).split(sep).join('/');
      if (name === 'SKILL.md') continue;
      if (files.length >= MAX_SKILL_LISTING) {
        truncated = true;
        return;
      }
      files.push(name);
    }
  };
  await walk(skill.directory, 1);
  return { files, truncated };
}

/** The real path of `path` inside the skill's directory, or an error naming why it is not one. */
async function confined(skill: Skill, path: string): Promise<string> {
  if (path === '' || isAbsolute(path) || path.split(/[\\/]/).includes('..')) {
    throw fileError(skill, `path ${JSON.stringify(path)} is not a relative path inside the skill (no '..', not absolute); e.g. 'reference.md'.`);
  }
  const root = await realpath(skill.directory).catch(() => skill.directory);
  let real: string;
  try {
    real = await realpath(join(skill.directory, path));
  } catch {
    throw fileError(skill, `no file ${JSON.stringify(path)} in the skill. Call 'skill' with only the name to list its files.`);
  }
  if (real !== root && !real.startsWith(root + sep)) throw fileError(skill, `${JSON.stringify(path)} leads outside the skill's directory (a symbolic link); only the skill's own files can be read.`);
  return real;
}

/** True when `bytes` look binary: a NUL byte, or not valid UTF-8. */
function looksBinary(bytes: Buffer): boolean {
  if (bytes.includes(0)) return true;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return false;
  } catch {
    return true;
  }
}

/**
 * A text file of the skill (`path` relative to its directory; default its `SKILL.md`) as it is
 * now, read through one handle. Refused with a message the model reads: a path outside the
 * skill (`..`, absolute, or a symbolic link leading out, checked on real paths), a directory, a
 * file over {@link MAX_SKILL_BYTES}, a binary file.
 */
export async function readSkillFile(skill: Skill, path?: string): Promise<string> {
  const file = path === undefined ? skill.file : await confined(skill, path);
  const shown = path ?? skill.file;
  let handle;
  try {
    handle = await open(file, 'r');
  } catch (error) {
    throw fileError(skill, `${shown} cannot be read now (${(error as NodeJS.ErrnoException).code ?? String(error)}).`, ErrorCode.EXECUTION_FAILED);
  }
  try {
    const info = await handle.stat();
    if (info.isDirectory()) throw fileError(skill, `${shown} is a directory; give the path of a file in it. Call 'skill' with only the name to list its files.`);
    if (!info.isFile()) throw fileError(skill, `${shown} is ${path === undefined ? 'no longer' : 'not'} a regular file.`, ErrorCode.EXECUTION_FAILED);
    if (info.size > MAX_SKILL_BYTES) {
      // SKILL.md was within the limit when the skill was loaded: it grew since.
      const hint = path === undefined ? `is now ${info.size} bytes; at most ${MAX_SKILL_BYTES} are read. Ask the user to shorten it.` : `is ${info.size} bytes; at most ${MAX_SKILL_BYTES} are read. Ask the user for the part you need.`;
      throw fileError(skill, `${shown} ${hint}`, ErrorCode.EXECUTION_FAILED);
    }
    const buffer = Buffer.alloc(info.size);
    const { bytesRead } = await handle.read(buffer, 0, info.size, 0);
    const bytes = buffer.subarray(0, bytesRead);
    if (looksBinary(bytes)) throw fileError(skill, `${shown} is a binary file (${bytesRead} bytes); the skill viewer reads text files only. Use a tool that handles this file type.`);
    return bytes.toString('utf8');
  } finally {
    await handle.close();
  }
}
