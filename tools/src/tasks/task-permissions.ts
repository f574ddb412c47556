import { allowDecision } from '@toolwright/sdk/policy';
import type { ToolPermissions } from '@toolwright/sdk/policy';

/**
 * Permissions of the task tools: always allowed (they only change this conversation's task list);
 * `task_get` and `task_list` are read-only, so even `explore` mode allows them.
 */
export function taskPermissions<A>(readOnly: boolean): ToolPermissions<A> {
  return {
    isReadOnly: () => readOnly,
    checkPermissions: () => allowDecision({ reason: 'tool', message: "Task tools only change this conversation's task list." }),
  };
}
