/** The statuses a task moves through (`deleted` is an update that removes it). */
export const TASK_RECORD_STATUSES = ['pending', 'in_progress', 'completed'] as const;
/** One of {@link TASK_RECORD_STATUSES}. */
export type TaskRecordStatus = (typeof TASK_RECORD_STATUSES)[number];

/** One task of the conversation's task store. */
export interface TaskRecord {
  /** The id (`"1"`, `"2"`, …), never reused within a conversation. */
  id: string;
  /** A short title in the imperative ("Run the tests"). */
  subject: string;
  /** What the task involves. */
  description: string;
  /** The present-continuous form shown while it runs ("Running the tests"). */
  activeForm?: string;
  /** Who works on it (an agent or person name). */
  owner?: string;
  /** Its status. */
  status: TaskRecordStatus;
  /** Ids of the tasks that cannot start before this one is done. */
  blocks: string[];
  /** Ids of the tasks that must be done before this one. */
  blockedBy: string[];
  /** Free-form data attached to the task. */
  metadata: Record<string, unknown>;
}
