import { IsArray, IsInt, IsOptional, IsString, Min } from '../shared/validation-decorators.js';
import { Description, Field } from '@toolwright/sdk';

/** Spec params of `read`, `write` and `edit`. */
@Description('Parameters of the read, write and edit tools.')
export class FileToolParams {
  @Field({ description: "Directories the tool may read and write (default: the conversation's working directory)." })
  @IsOptional()
  @IsArray()
  @IsString({ each: true })
  allowedRoots?: string[];

  @Field({ description: 'Largest file the tool reads or writes, in MB.', default: 10 })
  @IsInt()
  @Min(1)
  maxFileSizeMb = 10;
}
