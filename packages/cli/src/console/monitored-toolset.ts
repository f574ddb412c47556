import type { Observation, ToolDefinition } from '@toolwright/sdk';
import type { CallOutcome, ExecuteCallOptions } from '../toolset/opened-toolset.js';
import type { CallMonitor } from './call-monitor.js';
import type { ConsoleCallOptions, ConsoleTools } from './console-tools.js';

/** Tools that can also report a call's events (the CLI's `OpenedToolset`). */
interface Executing {
  execute(name: string, args: Record<string, unknown>, options: ExecuteCallOptions): Promise<CallOutcome>;
}

function executes(tools: ConsoleTools): tools is ConsoleTools & Executing {
  return typeof (tools as Partial<Executing>).execute === 'function';
}

/**
 * Tools whose calls the {@link CallMonitor} sees (start, then decision, duration and result);
 * everything else is the inner tools'. A call takes the inner tools' own path (policy, approvals,
 * validation), so watching changes nothing about what runs.
 */
export class MonitoredToolset<T extends ConsoleTools = ConsoleTools> implements ConsoleTools {
  constructor(
    readonly inner: T,
    private readonly monitor: CallMonitor,
    /** The label of the calls' session in the Live view. */
    readonly session: string,
  ) {}

  /** The inner tools' MCP upstreams (serve proxies them), if any. */
  get upstreams(): unknown {
    return (this.inner as { upstreams?: unknown }).upstreams;
  }

  get agent(): ConsoleTools['agent'] {
    return this.inner.agent;
  }

  tools(): readonly ToolDefinition[] {
    return this.inner.tools();
  }

  tool(name: string): ToolDefinition | undefined {
    return this.inner.tool(name);
  }

  onToolsChanged(listener: () => void): () => void {
    return this.inner.onToolsChanged(listener);
  }

  originLabel(name: string): string {
    return this.inner.originLabel?.(name) ?? 'toolset';
  }

  async call(name: string, args: Record<string, unknown>, options: ConsoleCallOptions): Promise<Observation> {
    return (await this.callWatched(name, args, options)).observation;
  }

  /** {@link MonitoredToolset.call}, with the Live view's id of the call. */
  async callWatched(name: string, args: Record<string, unknown>, options: ConsoleCallOptions): Promise<{ observation: Observation; callId: string }> {
    const watch = this.monitor.start(this.session, name, args);
    let observation: Observation;
    let events: readonly unknown[] = [];
    if (executes(this.inner)) {
      const outcome = await this.inner.execute(name, args, options);
      observation = outcome.observation;
      events = outcome.events;
    } else {
      observation = await this.inner.call(name, args, options);
    }
    watch.end(observation, events);
    return { observation, callId: watch.id };
  }
}

/**
 * A source of served tools (one shared set, or a function opening a set per MCP session) whose
 * every call `monitor` sees: sessions are labelled `session 1`, `session 2`, …; a shared set `shared`.
 */
export function monitoredSource<T extends ConsoleTools & { close(): Promise<void> }>(
  source: ConsoleTools | (() => Promise<T>),
  monitor: CallMonitor,
): MonitoredToolset | (() => Promise<MonitoredToolset<T> & { close(): Promise<void> }>) {
  if (typeof source !== 'function') return new MonitoredToolset(source, monitor, 'shared');
  let sessions = 0;
  return async () => {
    const inner = await source();
    const watched = new MonitoredToolset(inner, monitor, `session ${++sessions}`);
    return Object.assign(watched, { close: () => inner.close() });
  };
}
