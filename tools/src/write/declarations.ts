import { IsBoolean, IsString } from '../shared/validation-decorators.js';
import { Action, Field, Observation } from '@toolwright/sdk';

/** Creates or overwrites a file. */
export class WriteAction extends Action {
  @Field({ name: 'file_path', description: 'The absolute path of the file to write (missing parent directories are created).' })
  @IsString()
  filePath!: string;

  @Field({ description: 'The complete content of the file.' })
  @IsString()
  content!: string;
}

/** The file written. */
export class WriteObservation extends Observation {
  @Field({ name: 'file_path', description: 'The file that was written.' })
  @IsString()
  filePath = '';

  @Field({ description: 'True when the file did not exist before.' })
  @IsBoolean()
  created = false;

  /** A failed write names its file: `Could not write <file_path>: …` unless the executor worded it (a `ToolwrightError`). */
  static override fromError(error: unknown, action?: Action): WriteObservation {
    const filePath = (action as WriteAction | undefined)?.filePath ?? '';
    return WriteObservation.errorOf(error, `Could not write ${filePath}`, { filePath });
  }
}
