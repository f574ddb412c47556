import { ActionEvent, AgentErrorEvent, Observation, ObservationEvent } from '@toolwright/sdk';
import { MARKER_PREFIX } from './fuzz-values.js';

/**
 * Codes of error Observations the framework writes around a running tool (the call's guard, the
 * MCP client). With every `AgentErrorEvent` (unknown tool, invalid JSON, invalid arguments),
 * their texts may name arguments but never quote values. A tool's own error text (file_editor's
 * "No edit history found for <path>") may quote the value it is about: the model needs it.
 */
const FRAMEWORK_CODES: ReadonlySet<string> = new Set(['INTERNAL', 'TIMEOUT', 'ABORTED', 'MCP_CONNECTION', 'CLOSED', 'INVALID_OPTIONS']);

/** What one result told the fuzzer. */
export interface ResultFindings {
  /** Why the result has the wrong shape, if it does. */
  malformed?: string;
  /** Why it could not be serialised, if it could not. */
  unserializable?: string;
  /** The error code (or 'ok'). */
  code: string;
  /** The model-facing text. */
  text: string;
  /** The planted marker a framework error text quoted, and that text (the marker masked), if one did. */
  echoed?: { marker: string; excerpt: string };
}

const textOf = (observation: Observation): string =>
  observation
    .toLlmContent()
    .map((c) => (c.type === 'text' ? c.text : ''))
    .join('\n');

/** Checks one `ToolCallResult`-to-be: its shape, that it serialises, and that framework error texts quote no planted value. */
export function inspectResult(result: unknown, markers: readonly string[]): ResultFindings {
  if (typeof result !== 'object' || result === null) return { code: '?', text: '', malformed: `result is ${String(result)}` };
  const { events, observation } = result as { events?: unknown; observation?: unknown };
  if (!(observation instanceof Observation)) return { code: '?', text: '', malformed: 'observation is not an Observation' };
  if (!Array.isArray(events)) return { code: '?', text: '', malformed: 'events is not an array' };
  const isErrorEvent = events.length === 1 && events[0] instanceof AgentErrorEvent;
  const isPair = events.length === 2 && events[0] instanceof ActionEvent && events[1] instanceof ObservationEvent;
  const code = observation.isError ? (observation.errorCode ?? 'ERROR') : 'ok';
  const findings: ResultFindings = { code, text: '' };
  if (!isErrorEvent && !isPair) findings.malformed = `events are [${events.map((e) => (e as { kind?: string })?.kind ?? typeof e).join(', ')}]`;
  else if (isErrorEvent && !observation.isError) findings.malformed = 'an AgentErrorEvent with a non-error Observation';
  else if (isPair && (events[1] as ObservationEvent).observation !== observation) findings.malformed = 'the ObservationEvent holds another Observation';
  let text = '';
  try {
    text = textOf(observation);
    findings.text = text;
    JSON.stringify(events);
    observation.visualize();
  } catch (error) {
    findings.unserializable = error instanceof Error ? `${error.name}: ${error.message.slice(0, 200)}` : String(error);
  }
  if (observation.isError && (isErrorEvent || FRAMEWORK_CODES.has(code))) {
    // Engines quote a window of ~10 characters around a JSON syntax error: a marker's prefix is enough to count.
    const at = text.indexOf(MARKER_PREFIX);
    if (at >= 0) {
      const marker = markers.find((m) => text.includes(m)) ?? text.slice(at, at + 24);
      findings.echoed = { marker, excerpt: text.slice(Math.max(0, at - 120), at + 40).split(MARKER_PREFIX).join('<MARKER>') };
    }
  }
  return findings;
}
