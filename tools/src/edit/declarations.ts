import { IsBoolean, IsInt, IsString } from '../shared/validation-decorators.js';
import { Action, Field, Observation } from '@toolwright/sdk';

/** Replaces exact text in a file. */
export class EditAction extends Action {
  @Field({ name: 'file_path', description: 'The absolute path of the file to change.' })
  @IsString()
  filePath!: string;

  @Field({ name: 'old_string', description: 'The exact text to replace, whitespace and indentation included.' })
  @IsString()
  oldString!: string;

  @Field({ name: 'new_string', description: 'The text to put in its place (must differ from old_string).' })
  @IsString()
  newString!: string;

  @Field({ name: 'replace_all', description: 'Replace every occurrence of old_string (default: old_string must occur exactly once).', default: false })
  @IsBoolean()
  replaceAll = false;
}

/** The edit made. */
export class EditObservation extends Observation {
  @Field({ name: 'file_path', description: 'The file that was changed.' })
  @IsString()
  filePath = '';

  @Field({ description: 'How many occurrences were replaced.' })
  @IsInt()
  replacements = 0;

  /** A failed edit names its file: `Could not edit <file_path>: …` unless the executor worded it (a `ToolwrightError`). */
  static override fromError(error: unknown, action?: Action): EditObservation {
    const filePath = (action as EditAction | undefined)?.filePath ?? '';
    return EditObservation.errorOf(error, `Could not edit ${filePath}`, { filePath });
  }
}
