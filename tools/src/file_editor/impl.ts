import type { Stats } from 'node:fs';
import { stat, unlink } from 'node:fs/promises';
import { basename, dirname, resolve } from 'node:path';
import { ErrorCode, ToolwrightError } from '@toolwright/sdk';
import type { ConversationState, ToolExecutor } from '@toolwright/sdk';
import { ConfinedDirectory, ConfinementError } from '../shared/confined-directory.js';
import { fileEditLock } from '../shared/keyed-lock.js';
import { readRegularFile } from '../shared/read-regular-file.js';
import { writeFileAtomic } from '../shared/write-file-atomic.js';
import type { AtomicWriteFs } from '../shared/write-file-atomic.js';
import { catN } from './cat-n.js';
import { confinePath, isInside, realpathAsFarAsExists } from './confine-path.js';
import type { ConfinedPath } from './confine-path.js';
import type { FileEditorAction, FileEditorCommand, FileEditorParams } from './declarations.js';
import { FileEditorObservation } from './declarations.js';
import { contentDigest, EditHistory } from './edit-history.js';
import { editorError } from './editor-error.js';
import { checkNewContentSize, imageTypeOf, linesOf, readBytes, readText } from './file-content.js';
import { quoteClipped } from './quote-clipped.js';
import { insertAfter, replaceOnce } from './text-edits.js';
import { viewDirectory } from './view-directory.js';

/** Lines of context shown around an edit. */
export const SNIPPET_CONTEXT_LINES = 4;

type Fields = Partial<Pick<FileEditorObservation, 'path' | 'prevExist' | 'oldContent' | 'newContent'>>;

/**
 * Runs file_editor commands inside the allowed roots, with atomic writes and per-file undo. Every
 * command that writes runs its read-modify-write under the process-wide lock of the file's real
 * path ({@link fileEditLock}), so concurrent edits of one file apply one after the other, none lost.
 */
export class FileEditorExecutor implements ToolExecutor<FileEditorAction, FileEditorObservation> {
  private readonly history = new EditHistory();
  private readonly maxBytes: number;
  private readonly rootPaths: string[];
  private roots?: Array<{ path: string; real: string }>;
  /** The file-system calls of writes (tests swap it to simulate a failing disk). */
  writeFs?: AtomicWriteFs;

  constructor(private readonly state: ConversationState, params?: FileEditorParams) {
    this.maxBytes = (params?.maxFileSizeMb ?? 10) * 1024 * 1024;
    this.rootPaths = (params?.allowedRoots ?? [state.workingDir]).map((root) => resolve(state.workingDir, root));
  }

  /** Runs one command; a failure is thrown, worded for the model, and the error funnel makes it an error Observation (`fromError` of its Observation class). */
  async execute(action: FileEditorAction): Promise<FileEditorObservation> {
    this.roots ??= await Promise.all(this.rootPaths.map(async (path) => ({ path, real: await realpathAsFarAsExists(path) })));
    const target = await confinePath(action.path, this.roots, this.state.workingDir);
    switch (action.command) {
      case 'view':
        return await this.view(target, action.viewRange);
      case 'create': {
        const text = required(action.fileText, 'file_text', 'create');
        return await fileEditLock.run(target.real, () => this.create(target, text));
      }
      case 'str_replace': {
        const oldStr = required(action.oldStr, 'old_str', 'str_replace');
        return await fileEditLock.run(target.real, () => this.strReplace(target, oldStr, action.newStr ?? ''));
      }
      case 'insert': {
        const line = required(action.insertLine, 'insert_line', 'insert');
        const newStr = required(action.newStr, 'new_str', 'insert');
        return await fileEditLock.run(target.real, () => this.insert(target, line, newStr));
      }
      case 'undo_edit':
        return await fileEditLock.run(target.real, () => this.undo(target));
    }
  }

  private async view(target: ConfinedPath, range: number[] | undefined): Promise<FileEditorObservation> {
    const info = await this.existing(target, 'view');
    if (info.isDirectory()) {
      if (range) throw editorError(`Invalid \`view_range\` parameter: [${range.join(', ')}]. It is not allowed when \`path\` is a directory.`, ErrorCode.INVALID_ARGUMENTS);
      const listing = await this.inConfinedDirectory(target, 'read', { create: false, directory: true }, (dir) => viewDirectory(dir, target.path));
      return result('view', listing, { path: target.path });
    }
    const mimeType = imageTypeOf(target.real);
    if (mimeType) {
      const data = (await this.inConfinedDirectory(target, 'read', { create: false }, (file) => readBytes(file, target.path, this.maxBytes, { noFollow: true }))).toString('base64');
      const observation = FileEditorObservation.of({ command: 'view', path: target.path, prevExist: true });
      observation.content = [
        { type: 'text', text: `Image file ${target.path} read successfully. Displaying image content.` },
        { type: 'image', data, mimeType },
      ];
      return observation;
    }
    const lines = linesOf(await this.readConfined(target));
    if (!range) return result('view', catN(lines, target.path), { path: target.path });
    const [start, requestedEnd] = range as [number, number];
    const shown = `[${start}, ${requestedEnd}]`;
    if (start < 1 || start > Math.max(lines.length, 1)) {
      throw editorError(`Invalid \`view_range\` parameter: ${shown}. Its first element \`${start}\` should be within the range of lines of the file: [1, ${lines.length}].`, ErrorCode.INVALID_ARGUMENTS);
    }
    let end = requestedEnd === -1 ? lines.length : requestedEnd;
    let note = '';
    if (end > lines.length) {
      note = `NOTE: The file has only ${lines.length} lines, so lines ${start} to ${lines.length} are shown.\n`;
      end = lines.length;
    }
    if (end < start) {
      throw editorError(`Invalid \`view_range\` parameter: ${shown}. Its second element \`${requestedEnd}\` should be -1 or at least the first element \`${start}\`.`, ErrorCode.INVALID_ARGUMENTS);
    }
    return result('view', note + catN(lines.slice(start - 1, end), target.path, start), { path: target.path });
  }

  private async create(target: ConfinedPath, text: string): Promise<FileEditorObservation> {
    if (await stat(target.real).then(() => true, () => false)) {
      throw editorError(`Invalid \`path\` parameter: ${target.path}. File already exists at: ${target.path}. Cannot overwrite files using command \`create\`.`, ErrorCode.INVALID_ARGUMENTS);
    }
    checkNewContentSize(text, target.path, this.maxBytes);
    await this.writeConfined(target, text, { create: true });
    this.history.push(target.real, null, text);
    return result('create', `File created successfully at: ${target.path}`, { path: target.path, prevExist: false, newContent: text });
  }

  private async strReplace(target: ConfinedPath, oldStr: string, newStr: string): Promise<FileEditorObservation> {
    if (oldStr === '') {
      throw editorError('Invalid `old_str` parameter: it must not be empty. Give the exact text to replace (use `insert` to add text, `create` for a new file).', ErrorCode.INVALID_ARGUMENTS);
    }
    if (oldStr === newStr) {
      throw editorError(`Invalid \`new_str\` parameter: ${quoteClipped(newStr, "")}. No replacement was performed: \`new_str\` and \`old_str\` must be different.`, ErrorCode.INVALID_ARGUMENTS);
    }
    const before = await this.readEditable(target, 'str_replace');
    const edit = replaceOnce(before, oldStr, newStr, target.path);
    await this.write(target, before, edit.content);
    const span = newStr.split('\n').length - 1;
    return result('str_replace', this.edited(target, edit.content, edit.line, edit.line + span, `a snippet of ${target.path}`) + 'Review the changes and make sure they are as expected. Edit the file again if necessary.', {
      path: target.path,
      oldContent: before,
      newContent: edit.content,
    });
  }

  private async insert(target: ConfinedPath, line: number, newStr: string): Promise<FileEditorObservation> {
    const before = await this.readEditable(target, 'insert');
    const edit = insertAfter(before, line, newStr);
    await this.write(target, before, edit.content);
    const span = newStr.split('\n').length;
    return result(
      'insert',
      this.edited(target, edit.content, edit.line, line + span, 'a snippet of the edited file') +
        'Review the changes and make sure they are as expected (correct indentation, no duplicate lines, etc). Edit the file again if necessary.',
      { path: target.path, oldContent: before, newContent: edit.content },
    );
  }

  private async undo(target: ConfinedPath): Promise<FileEditorObservation> {
    const record = this.history.peek(target.real);
    if (record === undefined) throw editorError(`No edit history found for ${target.path}.`, ErrorCode.INVALID_ARGUMENTS);
    const current = await this.currentText(target);
    if (current === undefined || contentDigest(current) !== record.afterDigest) {
      const what = current === undefined ? 'was removed or replaced by something that is not a text file' : 'was changed';
      throw editorError(
        `Cannot undo the last edit to ${target.path}: the file ${what} after that edit (by another program or by hand), and undoing would discard that change. View the file and edit it to the content you want instead.`,
        ErrorCode.INVALID_ARGUMENTS,
      );
    }
    const previous = record.before;
    if (previous === null) {
      await this.inConfinedDirectory(target, 'write', { create: false }, (file) => unlink(file).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      }));
      this.history.pop(target.real);
      return result('undo_edit', `Last edit to ${target.path} undone successfully: the file did not exist before it was created, so it was removed.`, {
        path: target.path,
        oldContent: current,
      });
    }
    await this.writeConfined(target, previous, { create: false });
    this.history.pop(target.real);
    return result('undo_edit', `Last edit to ${target.path} undone successfully. ${catN(linesOf(previous), target.path)}`, {
      path: target.path,
      oldContent: current,
      newContent: previous,
    });
  }

  /** The file's text now, or undefined when it is gone or not a readable text file. */
  private async currentText(target: ConfinedPath): Promise<string | undefined> {
    try {
      const read = await this.inConfinedDirectory(target, 'read', { create: false }, (file) => readRegularFile(file, this.maxBytes, { noFollow: true }));
      return read.kind === 'ok' ? new TextDecoder('utf-8', { fatal: true }).decode(read.data) : undefined;
    } catch {
      return undefined;
    }
  }

  private async existing(target: ConfinedPath, command: FileEditorCommand): Promise<Stats> {
    const info = await stat(target.real).catch(() => undefined);
    if (!info) throw editorError(`Invalid \`path\` parameter: ${target.path}. The path ${target.path} does not exist. Please provide a valid path.`, ErrorCode.INVALID_ARGUMENTS);
    if (command !== 'view' && info.isDirectory()) {
      throw editorError(`Invalid \`path\` parameter: ${target.path}. The path ${target.path} is a directory and only the \`view\` command can be used on directories.`, ErrorCode.INVALID_ARGUMENTS);
    }
    return info;
  }

  private async readEditable(target: ConfinedPath, command: FileEditorCommand): Promise<string> {
    await this.existing(target, command);
    return this.readConfined(target);
  }

  /** The target's text, read through its {@link ConfinedDirectory} without following a link. */
  private readConfined(target: ConfinedPath): Promise<string> {
    return this.inConfinedDirectory(target, 'read', { create: false }, (file) => readText(file, target.path, this.maxBytes, { noFollow: true }));
  }

  private async write(target: ConfinedPath, before: string, after: string): Promise<void> {
    checkNewContentSize(after, target.path, this.maxBytes);
    try {
      await this.writeConfined(target, after, { create: false });
    } catch (error) {
      if (ToolwrightError.isInstance(error)) throw error;
      throw editorError(`The edit was not saved: writing ${target.path} failed (${(error as Error).message}). The file is unchanged.`);
    }
    this.history.push(target.real, before, after);
  }

  /**
   * Writes `text` to the target through its directory opened once without following links (see
   * {@link ConfinedDirectory}): a directory swapped for a symbolic link after {@link confinePath}
   * checked the path is refused, and a file that landed in a directory moved out of the root
   * meanwhile is removed again (when this write created it) and the write refused.
   */
  private async writeConfined(target: ConfinedPath, text: string, options: { create: boolean }): Promise<void> {
    await this.inConfinedDirectory(target, 'write', options, async (file, dir) => {
      await dir.refuseLink(basename(target.real));
      await writeFileAtomic(file, text, this.writeFs);
      await dir.checkInside().catch(async (error: unknown) => {
        if (options.create) await unlink(file).catch(() => undefined);
        throw error;
      });
    });
  }

  /**
   * Runs `work` on the target's entry in its {@link ConfinedDirectory} (with `directory`, on the
   * target directory itself), checking that the directory is inside the root before and after;
   * a {@link ConfinementError}, or a link where the file was (ELOOP), becomes an editor error.
   */
  private async inConfinedDirectory<T>(
    target: ConfinedPath,
    access: 'read' | 'write',
    options: { create: boolean; directory?: boolean },
    work: (path: string, dir: ConfinedDirectory) => Promise<T>,
  ): Promise<T> {
    const root = (this.roots ?? []).filter((r) => isInside(r.real, target.real)).sort((a, b) => b.real.length - a.real.length)[0];
    try {
      if (root === undefined) throw new ConfinementError(`${target.real} is not inside an allowed directory`);
      const dir = await ConfinedDirectory.open(root.real, options.directory === true ? target.real : dirname(target.real), options);
      try {
        await dir.checkInside();
        const value = await work(options.directory === true ? dir.path : dir.entry(basename(target.real)), dir);
        if (access === 'read') await dir.checkInside();
        return value;
      } finally {
        await dir.close();
      }
    } catch (error) {
      const link = (error as NodeJS.ErrnoException).code === 'ELOOP';
      if (!(error instanceof ConfinementError) && !link) throw error;
      const why = link ? `${target.real} is a symbolic link now (it was not when the path was checked)` : (error as Error).message;
      throw editorError(
        access === 'write'
          ? `Refused to write ${target.path}: the path changed while it was being written (${why}), so the write could land outside the directories this tool may access. Nothing was written there. Check the path and try again.`
          : `Refused to read ${target.path}: the path changed while it was being read (${why}), so the read could come from outside the directories this tool may access. Check the path and try again.`,
      );
    }
  }

  private edited(target: ConfinedPath, content: string, first: number, last: number, what: string): string {
    const lines = linesOf(content);
    const start = Math.max(1, first - SNIPPET_CONTEXT_LINES);
    const end = Math.min(lines.length, last + SNIPPET_CONTEXT_LINES);
    return `The file ${target.path} has been edited. ${catN(lines.slice(start - 1, end), what, start)}`;
  }
}

function required<T>(value: T | undefined, name: string, command: FileEditorCommand): T {
  if (value === undefined) throw editorError(`Parameter \`${name}\` is required for command: ${command}.`, ErrorCode.INVALID_ARGUMENTS);
  return value;
}

function result(command: FileEditorCommand, text: string, fields: Fields): FileEditorObservation {
  return Object.assign(FileEditorObservation.fromText(text), { command, prevExist: true }, fields);
}
