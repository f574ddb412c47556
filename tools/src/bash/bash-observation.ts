import { IsOptional, IsString } from '../shared/validation-decorators.js';
import { Field } from '@toolwright/sdk';
import { TerminalObservation } from '../terminal/declarations.js';

/** The result of `bash`: the terminal's fields, plus where a background command's output goes. */
export class BashObservation extends TerminalObservation {
  @Field({ name: 'background_task_id', description: 'With run_in_background: the ID of the background command.' })
  @IsOptional()
  @IsString()
  backgroundTaskId?: string;

  @Field({ name: 'output_path', description: "With run_in_background: the file the command's output (stdout and stderr) is written to." })
  @IsOptional()
  @IsString()
  outputPath?: string;
}
