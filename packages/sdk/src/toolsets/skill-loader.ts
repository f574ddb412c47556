import { readdir, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { ErrorCode } from '../errors/error-code.js';
import { ToolwrightError } from '../errors/toolwright-error.js';
import { loadSkill, SKILL_FILE } from './load-skill.js';
import type { Skill } from './skill.js';

/** Something that finds skills. */
export interface SkillLoader {
  /** The skills it finds. */
  load(): Promise<Skill[]>;
}

/** Options of {@link LocalSkillLoader}. */
export interface LocalSkillLoaderOptions {
  /** A skill directory, or (with `scanSubdirs`) a directory of skill directories. */
  directory: string;
  /** Load every direct subdirectory that has a SKILL.md (default false: `directory` is one skill). */
  scanSubdirs?: boolean;
  /**
   * Told about each skill a scan skips (a malformed SKILL.md: the message names the file and the
   * field). Default: a Node process warning (`TOOLWRIGHT_SKILL_SKIPPED`).
   */
  onWarning?: (message: string) => void;
}

/** The default of {@link LocalSkillLoaderOptions.onWarning}: a process warning, shown once on stderr by Node. */
function processWarning(message: string): void {
  process.emitWarning(message, { code: 'TOOLWRIGHT_SKILL_SKIPPED' });
}

/** Loads skills from the file system. */
export class LocalSkillLoader implements SkillLoader {
  constructor(readonly options: LocalSkillLoaderOptions) {}

  /**
   * The skill of `directory` (a malformed one throws `INVALID_SPEC` naming the file and field), or
   * with `scanSubdirs` each subdirectory's, sorted by directory name: a subdirectory whose SKILL.md
   * is malformed is skipped and reported to `onWarning`, so one bad skill does not hide the others.
   */
  async load(): Promise<Skill[]> {
    const dir = resolve(this.options.directory);
    if (!this.options.scanSubdirs) return [await loadSkill(dir)];
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch {
      throw new ToolwrightError({ code: ErrorCode.INVALID_SPEC, message: `Skills directory ${dir} cannot be read.` });
    }
    const skills: Skill[] = [];
    for (const entry of entries.filter((e) => e.isDirectory()).sort((a, b) => a.name.localeCompare(b.name))) {
      const sub = join(dir, entry.name);
      const has = await stat(join(sub, SKILL_FILE)).then((s) => s.isFile(), () => false);
      if (!has) continue;
      try {
        skills.push(await loadSkill(sub));
      } catch (error) {
        if (!ToolwrightError.isInstance(error)) throw error;
        (this.options.onWarning ?? processWarning)(`${error.message} The skill is skipped; the others are loaded.`);
      }
    }
    return skills;
  }
}

/**
 * Loads skills from directory paths (each one skill) and loaders; two skills of one name throw
 * `INVALID_SPEC` naming both directories.
 */
export async function loadSkills(sources: readonly (string | SkillLoader)[]): Promise<Skill[]> {
  const skills: Skill[] = [];
  for (const source of sources) skills.push(...(typeof source === 'string' ? [await loadSkill(source)] : await source.load()));
  const seen = new Map<string, Skill>();
  for (const skill of skills) {
    const before = seen.get(skill.name);
    if (before) throw new ToolwrightError({ code: ErrorCode.INVALID_SPEC, message: `Two skills are named '${skill.name}': ${before.directory} and ${skill.directory}.` });
    seen.set(skill.name, skill);
  }
  return skills;
}
