import { IsArray, IsBoolean, IsIn, IsOptional, IsString, MinLength } from '../shared/validation-decorators.js';
import { Action, Description, Field, Observation } from '@toolwright/sdk';

/** Search backends: `auto` uses ripgrep when installed, else the JavaScript search. */
export const GREP_BACKENDS = ['auto', 'ripgrep', 'js'] as const;
/** One of {@link GREP_BACKENDS}. */
export type GrepBackend = (typeof GREP_BACKENDS)[number];

/** Spec params of `grep`. */
@Description('Parameters of the grep tool.')
export class GrepParams {
  @Field({ description: "'auto' (ripgrep when installed, else JavaScript), 'ripgrep' (required) or 'js' (never ripgrep).", default: 'auto' })
  @IsIn(GREP_BACKENDS)
  backend: GrepBackend = 'auto';

  @Field({ description: 'The ripgrep command or path.', default: 'rg' })
  @IsString()
  @MinLength(1)
  ripgrepCommand = 'rg';
}

/** Searches file contents. */
export class GrepAction extends Action {
  @Field({ description: 'The regular expression to search for in file contents (case-insensitive).' })
  @IsString()
  @MinLength(1)
  pattern!: string;

  @Field({ description: 'The directory (absolute path) to search in. Defaults to the current working directory.' })
  @IsOptional()
  @IsString()
  path?: string;

  @Field({ description: 'Only search files matching this glob, e.g. "*.js" or "*.{ts,tsx}" (a glob with "/" matches the path from the search directory).' })
  @IsOptional()
  @IsString()
  include?: string;
}

/** The files that contain the pattern. */
export class GrepObservation extends Observation {
  @Field({ description: 'Matching files (absolute paths), newest first, at most 100.' })
  @IsArray()
  @IsString({ each: true })
  matches: string[] = [];

  @Field({ description: 'The pattern searched for.' })
  @IsString()
  pattern = '';

  @Field({ name: 'search_path', description: 'The directory searched.' })
  @IsString()
  searchPath = '';

  @Field({ name: 'include_pattern', description: 'The include glob, when one was given.' })
  @IsOptional()
  @IsString()
  includePattern?: string;

  @Field({ description: 'True when more than 100 files matched.' })
  @IsBoolean()
  truncated = false;

  @Field({ description: 'The backend that ran the search.' })
  @IsOptional()
  @IsIn(['ripgrep', 'js'])
  backend?: 'ripgrep' | 'js';
}

/** What the model reads about `grep`. */
export const GREP_DESCRIPTION = [
  'Fast content search.',
  '* Searches file contents with a regular expression, case-insensitively (e.g. "log.*Error", "function\\s+\\w+").',
  '* `include` narrows the files searched, e.g. "*.js" or "*.{ts,tsx}".',
  '* Returns the paths of matching files, most recently modified first; only the first 100 are listed, so narrow the pattern or the path when there are more.',
  '* Hidden files and directories and files ignored by .gitignore are not searched.',
  '* Use it to find which files contain something; open them with file_editor to see the lines.',
].join('\n');
