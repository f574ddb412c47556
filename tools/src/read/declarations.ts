import { IsInt, IsOptional, IsString, Max, Min } from '../shared/validation-decorators.js';
import { Action, Field, Observation } from '@toolwright/sdk';

/** Most lines one read returns. */
export const READ_MAX_LINES = 2000;
/** Longest line shown whole; longer ones are cut and marked `[truncated]`. */
export const READ_MAX_LINE_CHARS = 2000;

/** Reads a file (or part of it) with line numbers. */
export class ReadAction extends Action {
  @Field({ name: 'file_path', description: 'The absolute path of the file to read.' })
  @IsString()
  filePath!: string;

  @Field({ description: 'The line number to start reading from (1 is the first line). Give it only for files too long to read at once.' })
  @IsOptional()
  @IsInt()
  @Min(1)
  offset?: number;

  @Field({ description: `How many lines to read (at most ${READ_MAX_LINES}, the default).` })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(READ_MAX_LINES)
  limit?: number;
}

/** The lines read. */
export class ReadObservation extends Observation {
  @Field({ name: 'file_path', description: 'The file that was read.' })
  @IsString()
  filePath = '';

  @Field({ name: 'start_line', description: 'The number of the first line shown.' })
  @IsInt()
  startLine = 1;

  @Field({ name: 'num_lines', description: 'How many lines are shown.' })
  @IsInt()
  numLines = 0;

  @Field({ name: 'total_lines', description: 'How many lines the file has.' })
  @IsInt()
  totalLines = 0;

  /** A failed read names its file: `Could not read <file_path>: …` unless the executor worded it (a `ToolwrightError`). */
  static override fromError(error: unknown, action?: Action): ReadObservation {
    const filePath = (action as ReadAction | undefined)?.filePath ?? '';
    return ReadObservation.errorOf(error, `Could not read ${filePath}`, { filePath });
  }
}
