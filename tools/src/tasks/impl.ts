import { CONVERSATION_STATE, ErrorCode, Inject, Service, ToolwrightError } from '@toolwright/sdk';
import type { ConversationState, ToolExecutor } from '@toolwright/sdk';
import type { TaskCreateAction, TaskGetAction, TaskListAction, TaskUpdateAction } from './declarations.js';
import { TaskObservation } from './declarations.js';
import { formatTask, formatTaskLine } from './format-task.js';
import type { TaskRecord } from './task-record.js';
import { MAX_TASK_RECORDS, TaskStore } from './task-store.js';

/** The fields an update names in its result, in the order of the tool's parameters (as Claude Code's TaskUpdate reports them). */
const UPDATED_FIELDS = ['subject', 'description', 'activeForm', 'status', 'owner', 'metadata', 'blocks', 'blockedBy'];

const refuse = (message: string): ToolwrightError => new ToolwrightError({ code: ErrorCode.INVALID_ARGUMENTS, message });

function result(text: string, tasks: readonly TaskRecord[]): TaskObservation {
  return Object.assign(TaskObservation.fromText(text), { tasks: structuredClone([...tasks]) });
}

/** `task_create`. */
@Service()
export class TaskCreateExecutor implements ToolExecutor<TaskCreateAction, TaskObservation> {
  private readonly store: TaskStore;

  constructor(@Inject(CONVERSATION_STATE) state: ConversationState) {
    this.store = state.getService(TaskStore);
  }

  /** Adds a pending task. */
  async execute(action: TaskCreateAction): Promise<TaskObservation> {
    const task = await this.store.update((doc) => {
      if (doc.tasks.length >= MAX_TASK_RECORDS) throw refuse(`There are already ${MAX_TASK_RECORDS} tasks; delete finished ones (task_update with status "deleted") before creating more.`);
      const created: TaskRecord = {
        id: String(doc.nextId++),
        subject: action.subject,
        description: action.description,
        ...(action.activeForm ? { activeForm: action.activeForm } : {}),
        ...(action.owner ? { owner: action.owner } : {}),
        status: 'pending',
        blocks: [],
        blockedBy: [],
        metadata: { ...(action.metadata ?? {}) },
      };
      doc.tasks.push(created);
      return created;
    });
    return result(`Task #${task.id} created successfully: ${task.subject}`, [task]);
  }
}

/** `task_get`. */
@Service()
export class TaskGetExecutor implements ToolExecutor<TaskGetAction, TaskObservation> {
  private readonly store: TaskStore;

  constructor(@Inject(CONVERSATION_STATE) state: ConversationState) {
    this.store = state.getService(TaskStore);
  }

  /** Shows one task in full. */
  async execute(action: TaskGetAction): Promise<TaskObservation> {
    const task = await this.store.get(action.taskId);
    return result(formatTask(task), [task]);
  }
}

/** `task_list`. */
@Service()
export class TaskListExecutor implements ToolExecutor<TaskListAction, TaskObservation> {
  private readonly store: TaskStore;

  constructor(@Inject(CONVERSATION_STATE) state: ConversationState) {
    this.store = state.getService(TaskStore);
  }

  /** Lists every task, one line each. */
  async execute(): Promise<TaskObservation> {
    const tasks = await this.store.list();
    return result(tasks.length === 0 ? 'No tasks found' : tasks.map(formatTaskLine).join('\n'), tasks);
  }
}

/** `task_update`. */
@Service()
export class TaskUpdateExecutor implements ToolExecutor<TaskUpdateAction, TaskObservation> {
  private readonly store: TaskStore;

  constructor(@Inject(CONVERSATION_STATE) state: ConversationState) {
    this.store = state.getService(TaskStore);
  }

  /** Changes fields, status and links; `deleted` removes the task and every link to it. */
  async execute(action: TaskUpdateAction): Promise<TaskObservation> {
    const outcome = await this.store.update((doc, find) => {
      const task = find(action.taskId);
      if (action.status === 'deleted') {
        doc.tasks = doc.tasks.filter((t) => t.id !== task.id);
        for (const other of doc.tasks) {
          other.blocks = other.blocks.filter((id) => id !== task.id);
          other.blockedBy = other.blockedBy.filter((id) => id !== task.id);
        }
        return { text: `Updated task #${task.id} deleted`, task: undefined };
      }
      const changes: string[] = [];
      for (const id of [...(action.addBlocks ?? []), ...(action.addBlockedBy ?? [])]) {
        if (id === task.id) throw refuse(`Task #${task.id} cannot block itself.`);
        find(id);
      }
      for (const id of action.addBlocks ?? []) link(task, find(id));
      for (const id of action.addBlockedBy ?? []) link(find(id), task);
      if (action.addBlocks?.length) changes.push('blocks');
      if (action.addBlockedBy?.length) changes.push('blockedBy');
      if (action.status !== undefined && action.status !== task.status) {
        changes.push('status');
        task.status = action.status;
      }
      if (action.subject !== undefined) {
        task.subject = action.subject;
        changes.push('subject');
      }
      if (action.description !== undefined) {
        task.description = action.description;
        changes.push('description');
      }
      if (action.activeForm !== undefined) {
        task.activeForm = action.activeForm;
        changes.push('activeForm');
      }
      if (action.owner !== undefined) {
        if (action.owner === '') delete task.owner;
        else task.owner = action.owner;
        changes.push('owner');
      }
      if (action.metadata) {
        for (const [key, value] of Object.entries(action.metadata)) {
          if (value === null) delete task.metadata[key];
          else task.metadata[key] = value;
        }
        changes.push('metadata');
      }
      return { text: changes.length === 0 ? `Task #${task.id} unchanged: the update named no change.` : `Updated task #${task.id} ${UPDATED_FIELDS.filter((field) => changes.includes(field)).join(', ')}`, task };
    });
    return result(outcome.text, outcome.task ? [outcome.task] : []);
  }
}

/** `blocker` blocks `blocked`, recorded on both sides once. */
function link(blocker: TaskRecord, blocked: TaskRecord): void {
  if (!blocker.blocks.includes(blocked.id)) blocker.blocks.push(blocked.id);
  if (!blocked.blockedBy.includes(blocker.id)) blocked.blockedBy.push(blocker.id);
}
