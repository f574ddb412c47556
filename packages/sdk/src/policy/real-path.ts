import { lstatSync, readlinkSync, realpathSync } from 'node:fs';
import { lstat, readlink, realpath } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, resolve } from 'node:path';

/** How many dangling symbolic links one resolution follows before it stops (the kernel's limit is 40). */
const MAX_DANGLING_LINKS = 40;

/**
 * One file-system question of the resolution: what is at `path` (`link`, `present` or `missing`,
 * without following a last link), its real path, or the text of the link at `path`.
 */
interface Question {
  op: 'lstat' | 'realpath' | 'readlink';
  path: string;
}

/**
 * The resolution as a conversation: it asks questions (answered `undefined` when the call fails)
 * and returns the real path. One algorithm for {@link realPathOf} and {@link realPathOfAsync}.
 * It asks `lstat` first because a missing path is the common case for a file about to be
 * created, and a failed `realpath` costs a thrown error, many times an `lstat` (measurement:
 * packages/bench/README.md).
 */
function* resolution(path: string): Generator<Question, string, string | undefined> {
  // Not normalised: `..` after a symbolic link must go where the kernel goes, not where the text says.
  let head = isAbsolute(path) ? path : `${process.cwd()}/${path}`;
  let tail: string[] = [];
  for (let links = 0; ; ) {
    const kind = yield { op: 'lstat', path: head };
    const real = kind === 'missing' ? undefined : yield { op: 'realpath', path: head };
    if (real !== undefined) return tail.length === 0 ? real : join(real, ...tail);
    const link = kind === 'link' && links < MAX_DANGLING_LINKS ? yield { op: 'readlink', path: head } : undefined;
    if (link !== undefined) {
      // A dangling link: what is created through it lands where it points.
      links++;
      const dir = (yield { op: 'realpath', path: dirname(head) }) ?? dirname(head);
      head = isAbsolute(link) ? link : `${dir}/${link}`;
      if (tail.length > 0) head = `${head}/${tail.join('/')}`;
      tail = [];
      continue;
    }
    const parent = dirname(head);
    if (parent === head) return resolve(path);
    tail.unshift(basename(head));
    head = parent;
  }
}

function answerSync(question: Question): string | undefined {
  try {
    if (question.op === 'lstat') {
      const stats = lstatSync(question.path, { throwIfNoEntry: false });
      return stats === undefined ? 'missing' : stats.isSymbolicLink() ? 'link' : 'present';
    }
    return question.op === 'realpath' ? realpathSync.native(question.path) : readlinkSync(question.path);
  } catch {
    return question.op === 'lstat' ? 'missing' : undefined;
  }
}

async function answer(question: Question): Promise<string | undefined> {
  try {
    if (question.op === 'lstat') return (await lstat(question.path)).isSymbolicLink() ? 'link' : 'present';
    return question.op === 'realpath' ? await realpath(question.path) : await readlink(question.path);
  } catch {
    return question.op === 'lstat' ? 'missing' : undefined;
  }
}

/**
 * Where `path` really is: the real path (symbolic links resolved, `..` taken physically as the
 * kernel takes it) of its longest existing prefix, with the rest appended. A dangling link is
 * followed to where it points, because a file created through it lands there. A relative `path`
 * is taken from the process's directory. The one helper every policy decision on real paths uses.
 */
export function realPathOf(path: string): string {
  const steps = resolution(path);
  let step = steps.next();
  while (!step.done) step = steps.next(answerSync(step.value));
  return step.value;
}

/** {@link realPathOf} without blocking the event loop. */
export async function realPathOfAsync(path: string): Promise<string> {
  const steps = resolution(path);
  let step = steps.next();
  while (!step.done) step = steps.next(await answer(step.value));
  return step.value;
}
