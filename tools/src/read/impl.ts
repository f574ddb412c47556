import { ErrorCode } from '@toolwright/sdk';
import type { ToolExecutor } from '@toolwright/sdk';
import { imageTypeOf, linesOf, readBytes, readText } from '../file_editor/file-content.js';
import type { ReadAction } from './declarations.js';
import { READ_MAX_LINE_CHARS, READ_MAX_LINES, ReadObservation } from './declarations.js';
import { FileToolExecutor } from './file-tool-executor.js';

/** Most characters one read returns; the lines past it are left for the next read. */
export const READ_MAX_OUTPUT_CHARS = 100_000;

/** Reads files inside the allowed roots, with line numbers, and records each read in the conversation's ledger. */
export class ReadExecutor extends FileToolExecutor implements ToolExecutor<ReadAction, ReadObservation> {
  /** Reads the lines asked for (or the image); a failure is thrown, worded for the model, and the error funnel makes it an error Observation (`fromError` of its Observation class). */
  async execute(action: ReadAction): Promise<ReadObservation> {
    const target = await this.roots.confine(action.filePath);
    const mimeType = imageTypeOf(target.real);
    if (mimeType) {
      const data = (await readBytes(target.real, target.path, this.maxBytes)).toString('base64');
      await this.ledger.record(target.real);
      const observation = ReadObservation.of({ filePath: target.path, startLine: 1, numLines: 0, totalLines: 0 });
      observation.content = [
        { type: 'text', text: `Image file ${target.path} (${mimeType}):` },
        { type: 'image', data, mimeType },
      ];
      return observation;
    }
    const lines = linesOf(await readText(target.real, target.path, this.maxBytes));
    await this.ledger.record(target.real);
    return this.render(target.path, lines, action.offset ?? 1, action.limit ?? READ_MAX_LINES);
  }

  private render(path: string, lines: readonly string[], offset: number, limit: number): ReadObservation {
    const fields = { filePath: path, startLine: offset, totalLines: lines.length };
    if (lines.length === 0) return Object.assign(ReadObservation.fromText(`The file ${path} is empty.`), fields, { numLines: 0 });
    if (offset > lines.length) {
      const message = `Invalid \`offset\` parameter: ${offset}. The file ${path} has ${lines.length} line${lines.length === 1 ? '' : 's'}; give an offset between 1 and ${lines.length}.`;
      return Object.assign(ReadObservation.fromText(message, { isError: true, errorCode: ErrorCode.INVALID_ARGUMENTS }), fields, { numLines: 0 });
    }
    const out: string[] = [];
    let chars = 0;
    const end = Math.min(lines.length, offset - 1 + limit);
    let n = offset;
    for (; n <= end; n++) {
      const line = lines[n - 1]!;
      const shown = line.length > READ_MAX_LINE_CHARS ? `${line.slice(0, READ_MAX_LINE_CHARS)}[truncated]` : line;
      const rendered = `${String(n).padStart(6)}\t${shown}`;
      if (out.length > 0 && chars + rendered.length + 1 > READ_MAX_OUTPUT_CHARS) break;
      out.push(rendered);
      chars += rendered.length + 1;
    }
    const last = n - 1;
    let text = out.join('\n');
    if (last < lines.length) {
      const why = last < end ? ` (the output reached ${READ_MAX_OUTPUT_CHARS.toLocaleString('en-US')} characters)` : '';
      text += `\n\n(Showing lines ${offset}-${last} of ${lines.length}${why}. Use offset=${last + 1} to read more.)`;
    }
    return Object.assign(ReadObservation.fromText(text), fields, { numLines: out.length });
  }
}
