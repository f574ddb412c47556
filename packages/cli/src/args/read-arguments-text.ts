import { open } from 'node:fs/promises';
import { resolve } from 'node:path';
import { CliError } from '../cli-error.js';

/** Largest arguments text `call` reads from stdin or a file (bytes). */
export const MAX_ARGUMENTS_BYTES = 64 * 1024 * 1024;

async function readStream(stream: NodeJS.ReadableStream, what: string): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer | string>) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    size += buffer.length;
    if (size > MAX_ARGUMENTS_BYTES) throw tooLarge(what);
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function tooLarge(what: string): CliError {
  return new CliError({ command: 'call', message: `the arguments in ${what} are over ${MAX_ARGUMENTS_BYTES / 1024 / 1024} MiB.` });
}

async function readArgumentsFile(path: string, cwd: string): Promise<string> {
  const file = resolve(cwd, path);
  let handle;
  try {
    handle = await open(file, 'r');
  } catch (error) {
    throw new CliError({ command: 'call', message: `cannot read the arguments file ${file} (${(error as NodeJS.ErrnoException).code ?? String(error)}).` });
  }
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) {
      throw new CliError({ command: 'call', message: `${file} is not a regular file; pass arguments from a pipe with '-' (stdin).` });
    }
    if (stat.size > MAX_ARGUMENTS_BYTES) throw tooLarge(file);
    return await readStream(handle.createReadStream({ autoClose: false }), file);
  } finally {
    await handle.close();
  }
}

/**
 * The JSON arguments text of `toolwright call TOOL ARGS`: `-` reads stdin to its end, `@FILE`
 * reads a regular file (relative to `cwd`), anything else is the JSON itself. Reading from stdin
 * or a file lifts the command line's size limit (E2BIG at about 128 KiB per argument); both are
 * capped at {@link MAX_ARGUMENTS_BYTES}.
 */
export async function readArgumentsText(arg: string | undefined, stdin: NodeJS.ReadableStream, cwd: string): Promise<string | undefined> {
  if (arg === '-') return readStream(stdin, 'stdin');
  if (arg?.startsWith('@')) return readArgumentsFile(arg.slice(1), cwd);
  return arg;
}
