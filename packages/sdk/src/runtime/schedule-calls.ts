import { accessOf, conflicts } from './call-access.js';
import type { CallAccess } from './call-access.js';
import type { ToolCallContext } from './tool-call-context.js';

/**
 * Runs prepared calls as concurrently as is safe, keeping the model's order wherever it matters:
 * each call starts once every earlier call it conflicts with (see {@link conflicts}) has
 * finished. So read-only calls run together; calls writing the same declared resource run one
 * after another in call order; a non-read-only call that declares no resources waits for all
 * earlier calls and all later ones wait for it. `run` must not reject.
 */
export async function scheduleCalls(contexts: readonly ToolCallContext[], run: (ctx: ToolCallContext) => Promise<void>): Promise<void> {
  const accesses: (CallAccess | undefined)[] = contexts.map(accessOf);
  const finished: Promise<void>[] = [];
  for (let i = 0; i < contexts.length; i++) {
    const ctx = contexts[i]!;
    const access = accesses[i];
    if (!access) {
      finished.push(Promise.resolve());
      continue;
    }
    const waitFor: Promise<void>[] = [];
    for (let j = 0; j < i; j++) {
      const earlier = accesses[j];
      if (earlier && conflicts(earlier, access)) waitFor.push(finished[j]!);
    }
    finished.push(waitFor.length === 0 ? run(ctx) : Promise.all(waitFor).then(() => run(ctx)));
  }
  await Promise.all(finished);
}
