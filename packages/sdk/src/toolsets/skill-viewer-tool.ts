import { open } from 'node:fs/promises';
import { ErrorCode } from '../errors/error-code.js';
import { ToolwrightError } from '../errors/toolwright-error.js';
import { Observation } from '../tool/observation.js';
import type { ToolDefinition } from '../tool/tool-definition.js';
import { MAX_SKILL_BYTES } from './load-skill.js';
import { RawSchemaTool } from './raw-schema-tool.js';
import type { Skill } from './skill.js';

/** The skill viewer's name. */
export const SKILL_VIEWER = 'skill';

/** The system-prompt fragment listing `skills` (name and description) and how to read one. */
export function skillsPrompt(skills: readonly Skill[]): string {
  const lines = skills.map((s) => `- ${s.name}: ${s.description}`);
  return `Skills are instructions for tasks, not tools. To use one, first read it with the '${SKILL_VIEWER}' tool, then follow it with your other tools. Available skills:\n${lines.join('\n')}`;
}

/**
 * The skill's SKILL.md as it is now, read through one handle: still a regular file and at most
 * {@link MAX_SKILL_BYTES} (it may have changed since it was loaded), else a clear error.
 */
async function readSkillFile(skill: Skill): Promise<string> {
  const fail = (problem: string): ToolwrightError => new ToolwrightError({ code: ErrorCode.EXECUTION_FAILED, message: `Skill '${skill.name}': ${skill.file} ${problem}` });
  let handle;
  try {
    handle = await open(skill.file, 'r');
  } catch (error) {
    throw fail(`cannot be read now (${(error as NodeJS.ErrnoException).code ?? String(error)}).`);
  }
  try {
    const info = await handle.stat();
    if (!info.isFile()) throw fail('is no longer a regular file.');
    if (info.size > MAX_SKILL_BYTES) throw fail(`is now ${info.size} bytes; at most ${MAX_SKILL_BYTES} are read. Ask the user to shorten it.`);
    const buffer = Buffer.alloc(info.size);
    const { bytesRead } = await handle.read(buffer, 0, info.size, 0);
    return buffer.subarray(0, bytesRead).toString('utf8');
  } finally {
    await handle.close();
  }
}

/** The `skill` viewer over `skills`: returns a skill's whole SKILL.md. */
export function skillViewerTool(skills: readonly Skill[]): ToolDefinition {
  const byName = new Map(skills.map((s) => [s.name, s]));
  const names = [...byName.keys()];
  return new RawSchemaTool({
    name: SKILL_VIEWER,
    description: `Reads a skill's instructions (its whole SKILL.md). Skills: ${names.join(', ')}.`,
    parameters: { type: 'object', properties: { name: { type: 'string', enum: names, description: 'The skill to read.' } }, required: ['name'], additionalProperties: false },
    annotations: { readOnlyHint: true, openWorldHint: false },
    executor: {
      execute: async (action) => {
        // The schema's enum was checked before: the name is one of the skills.
        const skill = byName.get(action.data.name as string)!;
        return Observation.fromText(await readSkillFile(skill));
      },
    },
  });
}
