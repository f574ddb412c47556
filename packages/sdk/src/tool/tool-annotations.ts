/** MCP's tool annotations: hints about a tool's behaviour (not guarantees). */
export interface ToolAnnotations {
  /** A human-readable title. */
  title?: string;
  /** The tool does not change its environment. MCP default: false. */
  readOnlyHint?: boolean;
  /** A change it makes may be destructive (only meaningful when not read-only). MCP default: true. */
  destructiveHint?: boolean;
  /** Calling it twice with the same arguments has no further effect. MCP default: false. */
  idempotentHint?: boolean;
  /** It reaches an open world (network, external systems). MCP default: true. */
  openWorldHint?: boolean;
}

/** Annotations with every hint set. */
export type ResolvedToolAnnotations = Required<Omit<ToolAnnotations, 'title'>> & Pick<ToolAnnotations, 'title'>;

/** MCP's defaults for unset hints. */
export const DEFAULT_ANNOTATIONS: Readonly<ResolvedToolAnnotations> = Object.freeze({
  readOnlyHint: false,
  destructiveHint: true,
  idempotentHint: false,
  openWorldHint: true,
});

/** `annotations` with MCP's defaults filled in. */
export function resolveAnnotations(annotations: ToolAnnotations | undefined): ResolvedToolAnnotations {
  // No annotation declared (most tools): the shared frozen defaults, not a copy per tool.
  if (!annotations || Object.values(annotations).every((v) => v === undefined)) return DEFAULT_ANNOTATIONS;
  return Object.freeze({ ...DEFAULT_ANNOTATIONS, ...stripUndefined(annotations) });
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
