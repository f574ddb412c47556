import type { ChalkInstance } from 'chalk';
import type { ResolvedToolAnnotations } from '@toolwright/sdk';
import { annotationBadges, paintBadges } from './annotation-badges.js';
import { escapeControlChars } from './escape-control-chars.js';

/** One row of `toolwright list`. */
export interface ToolRow {
  name: string;
  /** `builtin`, `native` or `mcp:<server>`. */
  origin: string;
  title?: string;
  description: string;
  annotations: ResolvedToolAnnotations;
}

/** The first sentence of a description's first line (the whole line when it has one sentence). */
export function firstLine(text: string): string {
  const line = (text.split('\n').find((l) => l.trim() !== '') ?? '').trim();
  const sentence = /^(.+?[.!?])\s+[A-Z]/.exec(line);
  return sentence ? sentence[1]! : line;
}

function truncate(text: string, width: number): string {
  if (width <= 1 || text.length <= width) return text;
  return `${text.slice(0, width - 1)}…`;
}

/**
 * The `list` table: name, origin, badges, one-line description; the description is cut to the
 * terminal width when there is one. Column widths are computed on the plain text, so colours
 * never shift the alignment.
 */
export function renderToolTable(rows: readonly ToolRow[], c: ChalkInstance, columns?: number): string {
  if (rows.length === 0) return c.dim('(no tools)');
  // Names, origins and descriptions come from tools and servers: shown, never obeyed.
  const cells = rows.map((r) => ({
    row: { ...r, name: escapeControlChars(r.name), origin: escapeControlChars(r.origin), description: escapeControlChars(r.description) },
    badges: annotationBadges(r.annotations),
  }));
  const nameWidth = Math.max(4, ...cells.map((x) => x.row.name.length));
  const originWidth = Math.max(6, ...cells.map((x) => x.row.origin.length));
  const badgeWidth = Math.max(11, ...cells.map((x) => x.badges.join(' ').length));
  const header = `${'TOOL'.padEnd(nameWidth)}  ${'ORIGIN'.padEnd(originWidth)}  ${'ANNOTATIONS'.padEnd(badgeWidth)}  DESCRIPTION`;
  const descWidth = columns === undefined ? Infinity : columns - (nameWidth + originWidth + badgeWidth + 6);
  const lines = cells.map(({ row, badges }) => {
    const plainBadges = badges.join(' ');
    const padding = ' '.repeat(badgeWidth - plainBadges.length);
    const description = truncate(firstLine(row.description), descWidth);
    return `${c.bold.cyan(row.name.padEnd(nameWidth))}  ${c.magenta(row.origin.padEnd(originWidth))}  ${paintBadges(badges, c)}${padding}  ${description}`.trimEnd();
  });
  return [c.dim(header), ...lines].join('\n');
}

/** The `list --json` form of a row. */
export function toolRowJson(row: ToolRow): Record<string, unknown> {
  const out: Record<string, unknown> = { name: row.name, origin: row.origin };
  if (row.title !== undefined) out.title = row.title;
  out.description = row.description;
  out.annotations = { ...row.annotations };
  out.badges = annotationBadges(row.annotations);
  return out;
}
