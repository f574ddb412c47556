import { ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsIn, IsInt, IsOptional, IsString, Min } from '../shared/validation-decorators.js';
import { Action, Description, Field, Observation } from '@toolwright/sdk';

/** The commands of `file_editor`. */
export const FILE_EDITOR_COMMANDS = ['view', 'create', 'str_replace', 'insert', 'undo_edit'] as const;
/** One of {@link FILE_EDITOR_COMMANDS}. */
export type FileEditorCommand = (typeof FILE_EDITOR_COMMANDS)[number];

/** Spec params of `file_editor`. */
@Description('Parameters of the file_editor tool.')
export class FileEditorParams {
  @Field({ description: "Directories the editor may read and write (default: the conversation's working directory)." })
  @IsOptional()
  @IsArray()
  @IsString({ each: true })
  allowedRoots?: string[];

  @Field({ description: 'Largest file the editor opens, in MB.', default: 10 })
  @IsInt()
  @Min(1)
  maxFileSizeMb = 10;
}

/** Views, creates and edits files. */
export class FileEditorAction extends Action {
  @Field({ description: 'The command to run: `view`, `create`, `str_replace`, `insert` or `undo_edit`.' })
  @IsIn(FILE_EDITOR_COMMANDS)
  command!: FileEditorCommand;

  @Field({ description: 'Absolute path to the file or directory, e.g. `/workspace/file.py` or `/workspace`.' })
  @IsString()
  path!: string;

  @Field({ name: 'file_text', description: 'Required by `create`: the content of the file to create.' })
  @IsOptional()
  @IsString()
  fileText?: string;

  @Field({ name: 'old_str', description: 'Required by `str_replace`: the exact text in the file to replace.' })
  @IsOptional()
  @IsString()
  oldStr?: string;

  @Field({ name: 'new_str', description: 'For `str_replace`: the replacement (empty or absent deletes `old_str`). Required by `insert`: the text to insert.' })
  @IsOptional()
  @IsString()
  newStr?: string;

  @Field({ name: 'insert_line', description: 'Required by `insert`: `new_str` goes AFTER this line (0 inserts at the top).' })
  @IsOptional()
  @IsInt()
  @Min(0)
  insertLine?: number;

  @Field({
    name: 'view_range',
    description: 'For `view` of a file: the lines to show, e.g. [11, 12] shows lines 11 and 12 (numbered from 1); [start, -1] shows from start to the end.',
  })
  @IsOptional()
  @IsArray()
  @ArrayMinSize(2)
  @ArrayMaxSize(2)
  @IsInt({ each: true })
  viewRange?: number[];
}

/** The result of a file_editor command. */
export class FileEditorObservation extends Observation {
  @Field({ description: 'The command that ran.' })
  @IsIn(FILE_EDITOR_COMMANDS)
  command!: FileEditorCommand;

  @Field({ description: 'The file or directory the command worked on.' })
  @IsOptional()
  @IsString()
  path?: string;

  @Field({ name: 'prev_exist', description: 'False when the command created the file.' })
  @IsBoolean()
  prevExist = true;

  @Field({ name: 'old_content', description: 'The file before an edit.' })
  @IsOptional()
  @IsString()
  oldContent?: string;

  @Field({ name: 'new_content', description: 'The file after an edit.' })
  @IsOptional()
  @IsString()
  newContent?: string;

  /** A failed command names itself and its path: `The <command> command failed on <path>: …` unless the executor worded it (a `ToolwrightError`). */
  static override fromError(error: unknown, action?: Action): FileEditorObservation {
    const { command, path } = (action ?? {}) as Partial<FileEditorAction>;
    return FileEditorObservation.errorOf(error, `The ${command} command failed on ${path}`, { command, path });
  }
}

/** What the model reads about `file_editor`. */
export const FILE_EDITOR_DESCRIPTION = [
  'Views, creates and edits plain-text files.',
  '* State persists between calls (edits can be undone with `undo_edit`, up to 10 per file).',
  '* `view` on a file shows it like `cat -n`; on a directory it lists non-hidden entries up to 2 levels deep; on an image (.png, .jpg, .jpeg, .gif, .webp, .bmp) it shows the image.',
  '* `create` makes a new file (it never overwrites an existing one; missing parent directories are created).',
  '* `str_replace` replaces `old_str` with `new_str`. `old_str` must match EXACTLY one place in the file, whitespace and indentation included: add surrounding lines to make it unique. `new_str` must differ from it.',
  '* `insert` adds `new_str` after line `insert_line`.',
  '* `undo_edit` reverts the last edit of the file at `path`.',
  '* Long output is clipped and marked with `<response clipped>`.',
  '* Always use absolute paths. Look at a file with `view` before editing it, and keep the code working after each edit.',
].join('\n');
