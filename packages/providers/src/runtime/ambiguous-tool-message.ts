import type { RegisteredToolGroup } from './tool-group.js';

/** The suggested prefix for a group: its id's last part, made a tool-name prefix (`builtin::bing` → `bing_`). */
function prefixFor(group: RegisteredToolGroup): string {
  const last = group.toolgroupId.split(/[:.]+/).filter(Boolean).at(-1) ?? group.toolgroupId;
  return `${last.replace(/[^A-Za-z0-9_-]/g, '_')}_`;
}

/**
 * What to say when several groups offer a tool of the same name: a bare call of it is refused as
 * ambiguous. Names each group and its provider, how to call each one now (`group/tool`), and the
 * registration options that give each its own bare name (`toolPrefix`, `toolNames`).
 */
export function ambiguousToolMessage(name: string, groups: readonly RegisteredToolGroup[]): string {
  const listed = groups.map((g) => `'${g.toolgroupId}' (provider '${g.providerId}')`).join(' and ');
  const refs = groups.map((g) => `'${g.toolgroupId}/${name}'`).join(' or ');
  const last = groups.at(-1)!;
  return (
    `Tool '${name}' is offered by tool groups ${listed}, so a call of '${name}' is ambiguous: call ${refs}, ` +
    `or register a group with toolPrefix or toolNames so each has its own name ` +
    `(e.g. { toolgroupId: '${last.toolgroupId}', providerId: '${last.providerId}', toolPrefix: '${prefixFor(last)}' } exposes '${prefixFor(last)}${name}'; ` +
    `on the command line: toolwright groups register ${last.toolgroupId} --provider ${last.providerId} --tool-prefix ${prefixFor(last)}).`
  );
}
