import { allowDecision, askDecision, denyDecision, passthroughDecision } from '@toolwright/sdk/policy';
import type { PermissionContext, PermissionDecision, RuleBehavior, ToolPermissions } from '@toolwright/sdk/policy';
import type { BashSafety } from './bash-safety.js';

/** Options of {@link bashToolPermissions}. */
export interface BashToolPermissionsOptions<A> {
  /** The command line a call runs, or undefined when the call runs no command (input to a running program). */
  commandOf(action: A): string | undefined;
  /** The shell's current directory, when known (relative paths in commands resolve against it). */
  cwd(): string | undefined;
  /** Whether a call that runs no command only reads (default: false). */
  isReadOnlyWithoutCommand?(action: A): boolean;
}

/**
 * The permission methods of a shell tool, on the bash safety analysis: read-only per call, the
 * safety steps as `checkPermissions` (every ask a safety ask; a write to a protected path names
 * the entry, so it holds in bypass; confineWrites denies writes outside the working directories;
 * acceptEdits allows edits inside them), rules matched per sub-command, `w1 w2:*` suggestions, and
 * approval metadata that marks a command contacting the network as open-world.
 */
export function bashToolPermissions<A>(analysis: BashSafety | (() => Promise<BashSafety>), options: BashToolPermissionsOptions<A>): ToolPermissions<A> {
  // Given a loader (the parser's WebAssembly takes ~35 ms CPU): it runs on the first question, not
  // when the tool is built, so `serve` lists its tools without it. The engine awaits `ready()`
  // before its first question; until the analysis is there `isReadOnly` says false (a call is not
  // run concurrently as a reader), and a load that failed denies every command with its reason.
  let loaded: BashSafety | undefined = typeof analysis === 'function' ? undefined : analysis;
  let failure: Error | undefined;
  let pending: Promise<void> | undefined;
  const ready = (): Promise<void> | undefined => {
    if (loaded !== undefined || failure !== undefined || typeof analysis !== 'function') return undefined;
    return (pending ??= analysis().then(
      (safety) => {
        loaded = safety;
      },
      (error: unknown) => {
        failure = new Error(`the bash safety analysis could not be loaded (${error instanceof Error ? error.message : String(error)}); no command can be checked, so none runs.`, { cause: error });
      },
    ));
  };
  // After ready(): the analysis, or the load's failure thrown (the engine fails closed: the call is denied with this message).
  const safetyNow = (): BashSafety => {
    if (loaded) return loaded;
    void ready();
    throw failure ?? new Error('the bash safety analysis is still loading: await the permissions\' ready() first.');
  };
  return {
    ready,
    isReadOnly(action: A): boolean {
      const command = options.commandOf(action);
      if (command === undefined) return options.isReadOnlyWithoutCommand?.(action) ?? false;
      if (loaded === undefined) {
        void ready();
        return false;
      }
      return loaded.isReadOnly(command, options.cwd());
    },
    checkPermissions(action: A, context: PermissionContext): PermissionDecision {
      const command = options.commandOf(action);
      if (command === undefined) return passthroughDecision();
      if (failure) return denyDecision({ reason: 'tool', message: failure.message });
      const safety = safetyNow();
      const verdict = safety.check(command, {
        cwd: options.cwd(),
        mode: context.mode,
        workingDirectories: context.workingDirectories,
        protectedPaths: context.protectedPaths,
        confineWrites: context.confineWrites,
      });
      if (verdict.behavior === 'deny') return denyDecision({ reason: 'tool', message: verdict.reason });
      if (verdict.behavior === 'ask') {
        const protectedPath = verdict.protectedPath === undefined ? {} : { protectedPath: verdict.protectedPath };
        return askDecision({ reason: 'safety', bypassImmune: true, ...protectedPath, message: verdict.reason });
      }
      if (verdict.behavior === 'allow') return allowDecision({ reason: verdict.step === 'read-only' ? 'readOnly' : 'tool', message: verdict.reason });
      return passthroughDecision();
    },
    matchRule(content: string, action: A, behavior: RuleBehavior): boolean {
      const command = options.commandOf(action);
      return command !== undefined && safetyNow().matchRule(content, command, behavior, options.cwd());
    },
    coveredByAllowRules(contents: readonly string[], action: A): boolean {
      const command = options.commandOf(action);
      return command !== undefined && safetyNow().coveredByAllowRules(contents, command, options.cwd());
    },
    suggestRules(action: A): string[] {
      const command = options.commandOf(action);
      return command === undefined || loaded === undefined ? [] : loaded.suggestRules(command, options.cwd());
    },
    approvalMetadata(action: A): Record<string, unknown> | undefined {
      const command = options.commandOf(action);
      if (command === undefined || loaded === undefined || !loaded.analyze(command, options.cwd()).network) return undefined;
      return { openWorld: true, network: 'The command contacts another host (a network client, a URL, /dev/tcp or /dev/udp).' };
    },
  };
}
