/** A skill: a directory with a `SKILL.md` (YAML frontmatter `name`, `description`, then markdown). */
export interface Skill {
  /** The skill's name (from the frontmatter). */
  readonly name: string;
  /** What it is for (from the frontmatter). */
  readonly description: string;
  /** The skill's directory (absolute). */
  readonly directory: string;
  /** Its `SKILL.md` (absolute). */
  readonly file: string;
}
