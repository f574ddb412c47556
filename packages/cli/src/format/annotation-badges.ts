import type { ChalkInstance } from 'chalk';
import type { ResolvedToolAnnotations } from '@toolwright/sdk';

/** The badges of a tool, as MCP clients read its hints (unset hints take MCP's defaults). */
export function annotationBadges(annotations: ResolvedToolAnnotations): string[] {
  const badges: string[] = [];
  if (annotations.readOnlyHint) badges.push('read-only');
  else if (annotations.destructiveHint) badges.push('destructive');
  if (annotations.idempotentHint) badges.push('idempotent');
  if (annotations.openWorldHint) badges.push('open-world');
  return badges;
}

const BADGE_COLORS: Record<string, (c: ChalkInstance) => ChalkInstance> = {
  'read-only': (c) => c.green,
  destructive: (c) => c.red,
  idempotent: (c) => c.cyan,
  'open-world': (c) => c.yellow,
};

/** Badges joined with spaces, each in its colour. */
export function paintBadges(badges: readonly string[], c: ChalkInstance): string {
  return badges.map((b) => (BADGE_COLORS[b]?.(c) ?? c.reset)(b)).join(' ');
}
