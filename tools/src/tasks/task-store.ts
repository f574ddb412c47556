import { mkdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { CONVERSATION_STATE, ErrorCode, Inject, Service, ToolwrightError } from '@toolwright/sdk';
import type { ConversationState } from '@toolwright/sdk';
import { writeFileAtomic } from '../shared/write-file-atomic.js';
import { TASK_RECORD_STATUSES } from './task-record.js';
import type { TaskRecord } from './task-record.js';

/** The file, inside the conversation's state directory, that holds the tasks. */
export const TASK_STORE_FILE = 'tasks.json';

/** Most tasks one conversation keeps (a model looping on task_create stops here). */
export const MAX_TASK_RECORDS = 1_000;

interface StoreDocument {
  nextId: number;
  tasks: TaskRecord[];
}

/**
 * The conversation's tasks, kept in memory and in `<stateDir>/tasks.json` (so a conversation
 * restarted with the same id finds them). Changes run one at a time and are saved atomically
 * before they are reported; a change that cannot be saved is undone.
 */
@Service()
export class TaskStore {
  private readonly file: string;
  private document?: StoreDocument;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(@Inject(CONVERSATION_STATE) state: ConversationState) {
    this.file = join(state.stateDir, TASK_STORE_FILE);
  }

  /** All tasks, in creation order. */
  async list(): Promise<readonly TaskRecord[]> {
    return (await this.load()).tasks;
  }

  /** The task with `id`, or an error naming the ids that exist. */
  async get(id: string): Promise<TaskRecord> {
    return findTask(await this.load(), id);
  }

  /**
   * Runs `change` on a copy of the store, saves it, and keeps it only when saved. `change` throws
   * a ToolwrightError for a request it refuses (nothing is saved then).
   */
  update<T>(change: (document: StoreDocument, find: (id: string) => TaskRecord) => T): Promise<T> {
    const run = this.queue.then(async () => {
      const current = await this.load();
      const draft: StoreDocument = structuredClone(current);
      const result = change(draft, (id) => findTask(draft, id));
      await mkdir(dirname(this.file), { recursive: true });
      await writeFileAtomic(this.file, `${JSON.stringify(draft, null, 2)}\n`);
      this.document = draft;
      return result;
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async load(): Promise<StoreDocument> {
    if (this.document) return this.document;
    let parsed: unknown;
    try {
      parsed = JSON.parse(await readFile(this.file, 'utf8'));
    } catch {
      parsed = undefined; // no file yet, or unreadable: start empty
    }
    const tasks = isPlainObject(parsed) && Array.isArray(parsed.tasks) ? parsed.tasks.filter(isTaskRecord) : [];
    const highest = tasks.reduce((max, t) => Math.max(max, Number(t.id) || 0), 0);
    const nextId = isPlainObject(parsed) && Number.isSafeInteger(parsed.nextId) ? Math.max(parsed.nextId as number, highest + 1) : highest + 1;
    this.document = { nextId, tasks };
    return this.document;
  }
}

function findTask(document: StoreDocument, id: string): TaskRecord {
  const task = document.tasks.find((t) => t.id === id);
  if (task) return task;
  const existing = document.tasks.map((t) => `#${t.id}`).join(', ');
  throw new ToolwrightError({
    code: ErrorCode.INVALID_ARGUMENTS,
    message: `Task #${id} not found. ${existing === '' ? 'There are no tasks yet; create one with task_create.' : `Existing tasks: ${existing}.`}`,
  });
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isTaskRecord(value: unknown): value is TaskRecord {
  if (!isPlainObject(value)) return false;
  const ids = (v: unknown): boolean => Array.isArray(v) && v.every((x) => typeof x === 'string');
  return (
    typeof value.id === 'string' &&
    typeof value.subject === 'string' &&
    typeof value.description === 'string' &&
    (TASK_RECORD_STATUSES as readonly unknown[]).includes(value.status) &&
    ids(value.blocks) &&
    ids(value.blockedBy) &&
    isPlainObject(value.metadata)
  );
}
