import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { Agent, ToolwrightError } from '@toolwright/sdk';
import { LocalSkillLoader, MAX_SKILL_BYTES, ToolGroupsToolset, loadSkill, loadSkills } from '@toolwright/sdk/toolsets';
import type { Skill } from '@toolwright/sdk/toolsets';
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

  it('skip a skill whose SKILL.md is malformed, with a warning naming the file and the field, and load the others', async () => {
    skillDir('mixed/a-good', '---\nname: good\ndescription: A good skill.\n---\nDo it well.\n');
    const bad = skillDir('mixed/b-bad', '---\nname: bad\n---\nNo description.\n');
    skillDir('mixed/c-fine', '---\nname: fine\ndescription: Another good one.\n---\nFine.\n');
    const warnings: string[] = [];
    const skills = await new LocalSkillLoader({ directory: join(root, 'mixed'), scanSubdirs: true, onWarning: (message) => warnings.push(message) }).load();
    expect(skills.map((s) => s.name)).toEqual(['good', 'fine']);
    expect(warnings).toEqual([`Skill ${join(bad, 'SKILL.md')}: frontmatter description is missing or empty. The skill is skipped; the others are loaded.`]);
    // A skill named on its own is configuration: its mistake still fails fast.
    expect(await rejection(new LocalSkillLoader({ directory: bad }).load())).toBe(`Skill ${join(bad, 'SKILL.md')}: frontmatter description is missing or empty.`);
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

  it('takes skill directory paths as well as loaded skills, loaded when the agent starts', async () => {
    const agent = new Agent({ toolsets: [new ToolGroupsToolset({ basic: { skills: [pdfDir] }, groups: [] })] });
    await agent.initialize(conversation());
    expect((await agent.startTurn()).names()).toEqual(['skill']);
    expect((await agent.executeToolCall({ id: 's', name: 'skill', arguments: { name: 'pdf' } })).observation.text).toBe(PDF);
    await agent.close();
    const broken = new Agent({ toolsets: [new ToolGroupsToolset({ basic: { skills: [join(root, 'missing')] }, groups: [] })] });
    expect(await rejection(broken.initialize(conversation()))).toBe(`Skill ${join(root, 'missing', 'SKILL.md')}: not found: a skill is a directory with a SKILL.md.`);
    await broken.close();
  });

  it('is there from the start for basic skills', async () => {
    const skills = await loadSkills([pdfDir]);
    const agent = new Agent({ toolsets: [new ToolGroupsToolset({ basic: { skills }, groups: [] })] });
    await agent.initialize(conversation());
    expect((await agent.startTurn()).names()).toEqual(['skill']);
    await agent.close();
  });
});

describe("the skill viewer's files", () => {
  const formsDir = skillDir('files/forms', '---\nname: forms\ndescription: Fill forms.\n---\nSee reference.md and scripts/fill.py.\n');
  writeFileSync(join(formsDir, 'reference.md'), '# Field names\nname, date\n');
  mkdirSync(join(formsDir, 'scripts'));
  writeFileSync(join(formsDir, 'scripts', 'fill.py'), 'print("fill")\n');
  writeFileSync(join(formsDir, 'logo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01]));
  writeFileSync(join(formsDir, 'huge.txt'), 'x'.repeat(MAX_SKILL_BYTES + 1));
  writeFileSync(join(root, 'files', 'secret.txt'), 'outside\n');
  symlinkSync(join(root, 'files', 'secret.txt'), join(formsDir, 'escape.txt'));

  async function viewer(): Promise<{ view: (args: object) => Promise<{ text: string; isError: boolean }>; close: () => Promise<void> }> {
    const skill: Skill = await loadSkill(formsDir);
    const agent = new Agent({ toolsets: [new ToolGroupsToolset({ basic: { skills: [skill] }, groups: [] })] });
    await agent.initialize(conversation());
    await agent.startTurn();
    let n = 0;
    return {
      view: async (args) => (await agent.executeToolCall({ id: `v${++n}`, name: 'skill', arguments: args as Record<string, unknown> })).observation,
      close: () => agent.close(),
    };
  }

  it('lists the files a skill has after its SKILL.md (not a link leading out), and reads one by its path', async () => {
    const { view, close } = await viewer();
    expect((await view({ name: 'forms' })).text).toBe(
      '---\nname: forms\ndescription: Fill forms.\n---\nSee reference.md and scripts/fill.py.\n\n<skill-files skill="forms">\nRead one with {"name":"forms","path":"huge.txt"}:\nhuge.txt\nlogo.png\nreference.md\nscripts/fill.py\n</skill-files>',
    );
    expect(await view({ name: 'forms', path: 'reference.md' })).toMatchObject({ isError: false, text: '# Field names\nname, date\n' });
    expect(await view({ name: 'forms', path: 'scripts/fill.py' })).toMatchObject({ isError: false, text: 'print("fill")\n' });
    await close();
  });

  it('stays inside the skill directory: no .., no absolute path, no symbolic link leading out (real paths compared)', async () => {
    const { view, close } = await viewer();
    expect(await view({ name: 'forms', path: '../secret.txt' })).toMatchObject({ isError: true, text: `Skill 'forms': path "../secret.txt" is not a relative path inside the skill (no '..', not absolute); e.g. 'reference.md'.` });
    expect((await view({ name: 'forms', path: join(root, 'files', 'secret.txt') })).text).toContain('is not a relative path inside the skill');
    expect(await view({ name: 'forms', path: 'escape.txt' })).toMatchObject({ isError: true, text: `Skill 'forms': "escape.txt" leads outside the skill's directory (a symbolic link); only the skill's own files can be read.` });
    expect(await view({ name: 'forms', path: 'missing.md' })).toMatchObject({ isError: true, text: `Skill 'forms': no file "missing.md" in the skill. Call 'skill' with only the name to list its files.` });
    await close();
  });

  it('refuses binary files, directories and files over the size limit with a message the model can act on', async () => {
    const { view, close } = await viewer();
    expect(await view({ name: 'forms', path: 'logo.png' })).toMatchObject({ isError: true, text: "Skill 'forms': logo.png is a binary file (6 bytes); the skill viewer reads text files only. Use a tool that handles this file type." });
    expect((await view({ name: 'forms', path: 'scripts' })).text).toBe("Skill 'forms': scripts is a directory; give the path of a file in it. Call 'skill' with only the name to list its files.");
    const huge = await view({ name: 'forms', path: 'huge.txt' });
    expect(huge.isError).toBe(true);
    expect(huge.text).toContain(`huge.txt is ${MAX_SKILL_BYTES + 1} bytes; at most ${MAX_SKILL_BYTES} are read.`);
    await close();
  });
});
