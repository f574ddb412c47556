import { IsArray, IsBoolean, IsOptional, IsString, MinLength } from '../shared/validation-decorators.js';
import { Action, Field, Observation } from '@toolwright/sdk';

/** Finds files by name pattern. */
export class GlobAction extends Action {
  @Field({ description: 'The glob pattern to match files against, e.g. "**/*.js", "src/**/*.ts" or "*.{json,yaml}".' })
  @IsString()
  @MinLength(1)
  pattern!: string;

  @Field({ description: 'The directory (absolute path) to search in. Defaults to the current working directory.' })
  @IsOptional()
  @IsString()
  path?: string;
}

/** The files that match. */
export class GlobObservation extends Observation {
  @Field({ description: 'Matching files (absolute paths), newest first, at most 100.' })
  @IsArray()
  @IsString({ each: true })
  files: string[] = [];

  @Field({ description: 'The pattern used.' })
  @IsString()
  pattern = '';

  @Field({ name: 'search_path', description: 'The directory searched.' })
  @IsString()
  searchPath = '';

  @Field({ description: 'True when more than 100 files matched.' })
  @IsBoolean()
  truncated = false;
}

/** What the model reads about `glob`. */
export const GLOB_DESCRIPTION = [
  'Fast file name pattern matching.',
  '* Supports glob patterns such as "**/*.js", "src/**/*.ts" and braces like "**/*.{json,yaml,yml}".',
  '* A pattern without "/" (e.g. "*.py") matches file names at any depth; a pattern with "/" is relative to the search directory.',
  '* Returns matching files (not directories), most recently modified first; only the first 100 are listed, so narrow the pattern or the path when there are more.',
  '* Hidden files and directories and files ignored by .gitignore are skipped (as in grep).',
  '* Use it to find files by name; use grep to find files by content.',
].join('\n');
