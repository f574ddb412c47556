import type { RecordEntry } from './record-entry.js';

/** Options of {@link renderTimeline}. */
export interface TimelineOptions {
  /** Longest text shown of arguments, results and model text (default 160 characters). */
  width?: number;
}

/** One line of text: control characters shown as escapes, cut at `width`. */
function short(text: string, width: number): string {
  // eslint-disable-next-line no-control-regex
  const flat = text.replace(/\n/g, '⏎').replace(/[\u0000-\u001f\u007f-\u009f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
  return flat.length > width ? `${flat.slice(0, width - 1)}…` : flat;
}

function json(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
}

/** The text of a serialized Observation's content. */
export function observationText(observation: { content?: unknown }): string {
  const content = Array.isArray(observation.content) ? observation.content : [];
  return content.map((block: { type?: unknown; text?: unknown; mimeType?: unknown }) => (block.type === 'text' ? String(block.text) : `[${String(block.type)}${block.mimeType ? ` ${String(block.mimeType)}` : ''}]`)).join(' ');
}

const offset = (t: number): string => `+${(t / 1000).toFixed(3)}s`.padStart(10);

/** One entry as one timeline line (without its time). */
function describe(entry: RecordEntry, width: number): string {
  switch (entry.type) {
    case 'session':
      return `session started ${entry.startedAt}${Object.keys(entry.meta).length ? ` ${short(Object.entries(entry.meta).map(([k, v]) => `${k}=${json(v)}`).join(' '), width)}` : ''}`;
    case 'tool':
      return `tool ${entry.name} schema ${entry.hash}`;
    case 'model-request':
      return `model request ${entry.step} (${entry.api}, ${entry.messages.length} new message${entry.messages.length === 1 ? '' : 's'}, ${entry.tools} tools)`;
    case 'model-response': {
      const calls = entry.turn.calls.map((c) => `${c.name}(${short(c.arguments, 60)}) [${c.id}]`).join(', ');
      const text = entry.turn.text ? ` "${short(entry.turn.text, width)}"` : '';
      return `model response ${entry.step} in ${entry.ms} ms (${entry.turn.finishReason || 'no finish reason'})${text}${calls ? ` → ${calls}` : ''}`;
    }
    case 'model-error': {
      const what = [entry.name, entry.code, entry.status === undefined ? undefined : `HTTP ${entry.status}`].filter((part) => part !== undefined).join(' ');
      return `model request ${entry.step} failed after ${entry.ms} ms${entry.aborted ? ' (aborted)' : ''}: ${what} "${short(entry.message, width)}"${entry.cause ? ` (cause: ${short(entry.cause, width)})` : ''}`;
    }
    case 'call':
      return `call ${entry.id} ${entry.tool} ${short(json(entry.arguments), width)}`;
    case 'decision':
      return `  decision ${entry.behavior}${entry.reason ? ` (${entry.reason}${entry.rule ? `: ${entry.rule}` : ''})` : ''}${entry.message ? ` ${short(entry.message, width)}` : ''}`;
    case 'approval':
      return `  approval asked (${short(entry.reason, width)}) → ${entry.answer ? entry.answer.type : 'pending'}${entry.granted?.length ? ` granted ${entry.granted.join(', ')}` : ''}`;
    case 'log':
      return `  log ${entry.level} ${short(json(entry.data), width)}`;
    case 'observation': {
      const o = entry.observation;
      const status = entry.pending ? 'pending' : o.isError ? `error${o.errorCode ? ` ${o.errorCode}` : ''}` : 'ok';
      return `result ${entry.id} ${entry.tool} ${status} in ${entry.ms} ms: ${short(observationText(o), width)}`;
    }
    case 'end':
      return `end ${entry.status}${entry.meta ? ` ${short(json(entry.meta), width)}` : ''}`;
  }
}

/**
 * A record as a timeline a person reads: time offset from the session's start, then the model's
 * requests and turns (text, calls) or failures, each tool call with its decision, approvals, logs and result.
 * Lines are in time order (a call's lines are written when it ends; shown at its start).
 */
export function renderTimeline(entries: readonly RecordEntry[], options: TimelineOptions = {}): string {
  const width = options.width ?? 160;
  const ordered = entries.map((entry, index) => ({ entry, index })).sort((a, b) => a.entry.t - b.entry.t || a.index - b.index);
  // A call's decision/approval/log lines follow their call line, whatever their own time.
  const lines: string[] = [];
  const followers = new Map<string, RecordEntry[]>();
  for (const { entry } of ordered) if (entry.type === 'decision' || entry.type === 'approval' || entry.type === 'log') followers.set(entry.id, [...(followers.get(entry.id) ?? []), entry]);
  for (const { entry } of ordered) {
    if (entry.type === 'decision' || entry.type === 'approval' || entry.type === 'log') continue;
    lines.push(`${offset(entry.t)}  ${describe(entry, width)}`);
    if (entry.type === 'call') for (const follower of followers.get(entry.id) ?? []) lines.push(`${' '.repeat(10)}  ${describe(follower, width)}`);
  }
  return lines.join('\n');
}
