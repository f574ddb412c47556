import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { Agent, LocalSkillLoader, ToolGroupsToolset, ToolwrightError, loadSkill, loadSkills } from '@toolwright/sdk';
import { conversation, textTool } from './fixtures.js';

const root = mkdtempSync(join(tmpdir(), 'tw-skills-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function skillDir(relative: string, text: string): string {
  const dir = join(root, relative);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'SKILL.md'), text);
  return dir;
}

const PDF = '---\nname: pdf\ndescription: Fill and merge PDF forms.\n---\n# PDF\nUse the pdf tools step by step.\n';
const pdfDir = skillDir('lib/pdf', PDF);
skillDir('lib/review', '---\nname: review\ndescription: Review a pull request.\n---\nRead the diff first.\n');
mkdirSync(join(root, 'lib', 'not-a-skill'), { recursive: true });

async function rejection(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  if (!ToolwrightError.isInstance(error)) throw new Error('expected a ToolwrightError');
  return error.message;
}

describe('loadSkill', () => {
  it('reads name and description from the YAML frontmatter', async () => {
    expect(await loadSkill(pdfDir)).toEqual({ name: 'pdf', description: 'Fill and merge PDF forms.', directory: pdfDir, file: join(pdfDir, 'SKILL.md') });
  });

  it('says clearly what is wrong with a SKILL.md', async () => {
    const none = skillDir('bad/none', '# no frontmatter\n');
    expect(await rejection(loadSkill(none))).toBe(`Skill ${join(none, 'SKILL.md')}: has no YAML frontmatter: start it with '---', then name: and description: lines, then '---'.`);
    const noDescription = skillDir('bad/nodesc', '---\nname: x\n---\nbody\n');
    expect(await rejection(loadSkill(noDescription))).toBe(`Skill ${join(noDescription, 'SKILL.md')}: frontmatter description is missing or empty.`);
    const badName = skillDir('bad/name', '---\nname: "my skill"\ndescription: d\n---\n');
    expect(await rejection(loadSkill(badName))).toBe(`Skill ${join(badName, 'SKILL.md')}: frontmatter name must be letters, digits, '_' or '-' (at most 64), got "my skill".`);
    const badYaml = skillDir('bad/yaml', '---\nname: [x\ndescription: d\n---\n');
    expect(await rejection(loadSkill(badYaml))).toMatch(/^Skill .*SKILL\.md: frontmatter is not valid YAML \(/);
    expect(await rejection(loadSkill(join(root, 'missing')))).toBe(`Skill ${join(root, 'missing', 'SKILL.md')}: not found: a skill is a directory with a SKILL.md.`);
  });
});

describe('skill loaders', () => {
  it('scan subdirectories with a SKILL.md (sorted), skipping the others', async () => {
    const skills = await new LocalSkillLoader({ directory: join(root, 'lib'), scanSubdirs: true }).load();
    expect(skills.map((s) => s.name)).toEqual(['pdf', 'review']);
  });

  it('refuse two skills of one name, naming both directories', async () => {
    const copy = skillDir('copy/pdf', PDF);
    expect(await rejection(loadSkills([pdfDir, copy]))).toBe(`Two skills are named 'pdf': ${pdfDir} and ${copy}.`);
  });
});

describe('the skill viewer', () => {
  it('appears only while a skill is visible and returns the whole SKILL.md; the prompt lists name and description', async () => {
    const [pdf, review] = await new LocalSkillLoader({ directory: join(root, 'lib'), scanSubdirs: true }).load();
    const toolset = new ToolGroupsToolset({ basic: { tools: [textTool('read')] }, groups: [{ name: 'docs', description: 'Document tools.', skills: [pdf!] }] });
    const agent = new Agent({ toolsets: [toolset] });
    await agent.initialize(conversation());
    expect((await agent.startTurn()).names()).toEqual(['read', 'reset_tools']);
    expect(await agent.instructions()).toBe('');
    await agent.executeToolCall({ id: 'r', name: 'reset_tools', arguments: '{"docs":true}' });
    expect((await agent.startTurn()).names()).toEqual(['read', 'reset_tools', 'skill']);
    const viewed = await agent.executeToolCall({ id: 's', name: 'skill', arguments: '{"name":"pdf"}' });
    expect(viewed.observation.text).toBe(PDF);
    const unknown = await agent.executeToolCall({ id: 'u', name: 'skill', arguments: '{"name":"review"}' });
    expect(unknown.observation.text).toBe(`Invalid arguments for tool 'skill':\n- name: expected one of "pdf", got a string that does not match\nFix this argument and call 'skill' again.`);
    expect(await agent.instructions()).toBe(
      "<tool-instruction name=\"skills\">Skills are instructions for tasks, not tools. To use one, first read it with the 'skill' tool, then follow it with your other tools. Available skills:\n- pdf: Fill and merge PDF forms.</tool-instruction>",
    );
    await agent.close();
    void review;
  });

  it('is there from the start for basic skills', async () => {
    const skills = await loadSkills([pdfDir]);
    const agent = new Agent({ toolsets: [new ToolGroupsToolset({ basic: { skills }, groups: [] })] });
    await agent.initialize(conversation());
    expect((await agent.startTurn()).names()).toEqual(['skill']);
    await agent.close();
  });
});
