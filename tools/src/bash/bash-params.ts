import { IsArray, IsOptional, IsString } from '../shared/validation-decorators.js';
import { Description, Field } from '@toolwright/sdk';
import { TerminalParams } from '../terminal/declarations.js';

/** Spec params of `bash`: the terminal's, plus additions to the safety analysis's protected paths. */
@Description('Parameters of the bash tool.')
export class BashParams extends TerminalParams {
  @Field({ description: 'More protected file names for the safety analysis (a basename such as `.secrets`, or trailing segments such as `.aws/credentials`); changing them always asks.' })
  @IsOptional()
  @IsArray()
  @IsString({ each: true })
  dangerousFiles?: string[];

  @Field({ description: 'More protected directory names (any path segment, such as `.credentials`); changing anything inside them always asks.' })
  @IsOptional()
  @IsArray()
  @IsString({ each: true })
  dangerousDirectories?: string[];
}
