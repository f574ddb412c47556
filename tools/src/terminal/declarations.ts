import { IsBoolean, IsInt, IsNumber, IsObject, IsOptional, IsPositive, IsString, Min, MinLength } from '../shared/validation-decorators.js';
import { Action, Description, Field, Observation } from '@toolwright/sdk';
import { NoControlCharacters } from './control-characters.js';

/** Spec params of `terminal`. */
@Description('Parameters of the terminal tool.')
export class TerminalParams {
  @Field({ description: "The directory the session starts in (default: the conversation's working directory)." })
  @IsOptional()
  @IsString()
  workingDir?: string;

  @Field({ description: 'Extra environment variables for the session.', schema: { type: 'object', additionalProperties: { type: 'string' } } })
  @IsOptional()
  @IsObject()
  env?: Record<string, string>;

  @Field({ description: 'The shell to run (bash-compatible).', default: 'bash' })
  @IsString()
  @MinLength(1)
  shell = 'bash';

  @Field({ description: 'Seconds without new output after which a command returns what it has (exit code -1) while it keeps running.', default: 30 })
  @IsNumber()
  @IsPositive()
  noChangeTimeoutSeconds = 30;

  @Field({
    description:
      'Run the shell in a PID namespace of its own (util-linux unshare) where the system allows it, so that closing the conversation ends every process it started, daemons included. False runs it without one (processes are then found by session and by an inherited environment variable).',
    default: true,
  })
  @IsBoolean()
  pidNamespace = true;
}

/** A shell command, or input for the program running in the terminal. */
export class TerminalAction extends Action {
  @Field({
    description:
      'The shell command to run. With `is_input`: text to send to the running program, "" to get more of its output, ' +
      'or a key: `C-c` (interrupt), `C-d` (end of input), `C-z` (suspend), any `C-<letter>`, `UP`, `DOWN`, `LEFT`, `RIGHT`, ' +
      '`HOME`, `END`, `PGUP`, `PGDN`, `TAB`, `ESC`, `BS` (backspace), `ENTER`. One command at a time: chain with `&&` or `;`.',
  })
  @IsString()
  @NoControlCharacters()
  command!: string;

  @Field({ name: 'is_input', description: 'True to send `command` to the running program instead of running it as a new command.', default: false })
  @IsBoolean()
  isInput = false;

  @Field({
    description:
      'Hard time limit in seconds: the command is interrupted when it runs longer. Without it (or with 0), a command that prints nothing new for a while returns what it has and keeps running. Set it for long commands (installs, test suites).',
  })
  @IsOptional()
  @IsNumber()
  @Min(0)
  timeout?: number;

  @Field({ description: 'True to restart the terminal (all variables, functions, directory changes and running programs are lost). Not with `is_input`.', default: false })
  @IsBoolean()
  reset = false;
}

/** The output of a command and the state it left. */
export class TerminalObservation extends Observation {
  @Field({ description: 'The command or input that was sent.' })
  @IsString()
  command = '';

  @Field({ name: 'exit_code', description: 'The exit code; -1 while the command is still running.' })
  @IsInt()
  exitCode = -1;

  @Field({ description: 'True when the hard time limit interrupted the command.' })
  @IsBoolean()
  timeout = false;

  @Field({ name: 'working_dir', description: 'The working directory after the command.' })
  @IsOptional()
  @IsString()
  workingDir?: string;

  @Field({ name: 'full_output_path', description: 'The file holding the full output, when the output shown was cut.' })
  @IsOptional()
  @IsString()
  fullOutputPath?: string;
}

/** What the model reads about `terminal`. */
export const TERMINAL_DESCRIPTION = [
  'Runs a shell command in a persistent bash session.',
  '',
  '### Commands',
  '* One command per call; chain several with `&&` or `;` (commands on separate lines are refused, heredocs are fine).',
  '* The session persists: the working directory, exported variables and shell functions stay between calls.',
  '* A command that prints nothing new for a while returns what it has with exit code -1 and keeps running.',
  '  Then, with `is_input` true: send "" to wait for more output, send text to answer a prompt, or send `C-c` to interrupt it.',
  '* Set `timeout` (seconds) for long commands; past it the command is interrupted.',
  '* Run servers and other endless programs in the background with their output in a file: `python3 app.py > server.log 2>&1 &`.',
  '* Do not use `set -e`; prefer absolute paths over `cd`.',
  '',
  '### Output',
  '* Each result ends with the working directory and the exit code.',
  '* Output over 30,000 characters is cut in the middle; the full output is saved to a file whose path is given.',
  '',
  '### Reset',
  '* `reset: true` starts a fresh session when the terminal is stuck (all state and running programs are lost).',
].join('\n');
