import { Observation } from '../tool/observation.js';
import type { ToolDefinition } from '../tool/tool-definition.js';
import { RawSchemaTool } from './raw-schema-tool.js';
import type { Skill } from './skill.js';
import { listSkillFiles, readSkillFile } from './skill-files.js';

/** The skill viewer's name. */
export const SKILL_VIEWER = 'skill';

/** The system-prompt fragment listing `skills` (name and description) and how to read one. */
export function skillsPrompt(skills: readonly Skill[]): string {
  const lines = skills.map((s) => `- ${s.name}: ${s.description}`);
  return `Skills are instructions for tasks, not tools. To use one, first read it with the '${SKILL_VIEWER}' tool, then follow it with your other tools. Available skills:\n${lines.join('\n')}`;
}

/** SKILL.md, then (when the skill has other files) their list and how to read one. */
async function skillOverview(skill: Skill): Promise<string> {
  const text = await readSkillFile(skill);
  const { files, truncated } = await listSkillFiles(skill);
  if (files.length === 0) return text;
  const more = truncated ? `\n(more files are not listed; ask for a path you know)` : '';
  return `${text}${text.endsWith('\n') ? '' : '\n'}\n<skill-files skill="${skill.name}">\nRead one with ${JSON.stringify({ name: skill.name, path: files[0] })}:\n${files.join('\n')}${more}\n</skill-files>`;
}

/**
 * The `skill` viewer over `skills`: `{ name }` returns the skill's whole SKILL.md, followed by the
 * list of the other files in its directory; `{ name, path }` returns one of those text files
 * (confined to the skill's directory, see {@link readSkillFile}).
 */
export function skillViewerTool(skills: readonly Skill[]): ToolDefinition {
  const byName = new Map(skills.map((s) => [s.name, s]));
  const names = [...byName.keys()];
  return new RawSchemaTool({
    name: SKILL_VIEWER,
    description: `Reads a skill: its instructions (SKILL.md) and the list of its other files, or with path one of those files. Skills: ${names.join(', ')}.`,
    parameters: {
      type: 'object',
      properties: {
        name: { type: 'string', enum: names, description: 'The skill to read.' },
        path: { type: 'string', description: "A file of the skill, relative to its directory (as listed when reading the skill), e.g. 'reference.md'. Absent: SKILL.md and the list." },
      },
      required: ['name'],
      additionalProperties: false,
    },
    annotations: { readOnlyHint: true, openWorldHint: false },
    executor: {
      execute: async (action) => {
        // The schema was checked before: the name is one of the skills, the path a string when given.
        const skill = byName.get(action.data.name as string)!;
        const path = action.data.path as string | undefined;
        return Observation.fromText(path === undefined ? await skillOverview(skill) : await readSkillFile(skill, path));
      },
    },
  });
}
