import { IsBoolean, IsNumber, IsOptional, IsPositive, IsString, Max } from '../shared/validation-decorators.js';
import { Action, Field } from '@toolwright/sdk';
import { NoControlCharacters } from '../terminal/control-characters.js';

/** Claude Code's default `timeout` (milliseconds): two minutes. */
export const BASH_DEFAULT_TIMEOUT_MS = 120_000;

/** Claude Code's largest `timeout` (milliseconds): ten minutes. */
export const BASH_MAX_TIMEOUT_MS = 600_000;

/**
 * A call of `bash` with Claude Code's Bash parameters: `command`, `timeout` in milliseconds,
 * `description`, `run_in_background`. The command runs in the terminal's persistent session.
 */
export class BashAction extends Action {
  @Field({ description: 'The command to execute. One command per call; chain several with `&&` or `;` (heredocs are fine).' })
  @IsString()
  @NoControlCharacters()
  command!: string;

  @Field({ description: `Optional timeout in milliseconds (max ${BASH_MAX_TIMEOUT_MS}; default ${BASH_DEFAULT_TIMEOUT_MS}). Past it the command is interrupted.` })
  @IsOptional()
  @IsNumber()
  @IsPositive()
  @Max(BASH_MAX_TIMEOUT_MS)
  timeout?: number;

  @Field({
    description:
      'Clear, concise description of what this command does, in active voice (5-10 words for simple commands), e.g. "List files in current directory". Shown to the person approving the call; never executed.',
  })
  @IsOptional()
  @IsString()
  description?: string;

  @Field({
    name: 'run_in_background',
    description:
      'Set to true to run this command in the background. The result gives an ID and the file its output goes to; read that file with the `read` tool. No `&` needed.',
  })
  @IsOptional()
  @IsBoolean()
  runInBackground?: boolean;
}
