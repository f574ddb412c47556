/** The W3C trace context of a span, as carried in MCP's `params._meta`. */
export interface TraceParent {
  readonly traceId: string;
  readonly spanId: string;
  readonly traceFlags: number;
  /** The W3C `tracestate` that came with it, when one did. */
  readonly traceState?: string;
}

const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(?:-.*)?$/;
const ZERO_TRACE = '0'.repeat(32);
const ZERO_SPAN = '0'.repeat(16);

/**
 * Reads a W3C `traceparent` (`00-<trace id>-<span id>-<flags>`, lower-case hex); undefined for
 * anything else (version ff, all-zero ids, a later version's extra fields are allowed).
 */
export function parseTraceParent(traceparent: unknown, tracestate?: unknown): TraceParent | undefined {
  if (typeof traceparent !== 'string' || traceparent.length > 512) return undefined;
  const match = TRACEPARENT.exec(traceparent.trim());
  if (!match || match[1] === 'ff' || match[2] === ZERO_TRACE || match[3] === ZERO_SPAN) return undefined;
  if (match[1] === '00' && traceparent.trim().length !== 55) return undefined;
  const parent: TraceParent = { traceId: match[2]!, spanId: match[3]!, traceFlags: Number.parseInt(match[4]!, 16) };
  return typeof tracestate === 'string' && tracestate.length > 0 && tracestate.length <= 512 ? { ...parent, traceState: tracestate } : parent;
}

/** The W3C `traceparent` of a span context. */
export function formatTraceParent(context: { traceId: string; spanId: string; traceFlags: number }): string {
  return `00-${context.traceId}-${context.spanId}-${(context.traceFlags & 0xff).toString(16).padStart(2, '0')}`;
}
