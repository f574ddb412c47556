import type { LiveCall } from '../../src/console/console-api.js';

/** Most live calls the page keeps (the oldest go first). */
export const MAX_LIVE_CALLS = 500;

/**
 * The page's live calls with `incoming` (a `call` event, or a listing) merged in, oldest first, at
 * most {@link MAX_LIVE_CALLS}. A call keeps the version the page already has when that one is done
 * and the incoming one still running: a call never runs again, so such a version is older (a
 * listing taken before the call ended but delivered after its event).
 */
export function mergeCalls(calls: readonly LiveCall[], incoming: readonly LiveCall[]): LiveCall[] {
  const byId = new Map(calls.map((call) => [call.id, call]));
  for (const call of incoming) {
    const known = byId.get(call.id);
    if (known && known.state === 'done' && call.state === 'running') continue;
    byId.set(call.id, call);
  }
  return [...byId.values()].sort((a, b) => a.startedAt.localeCompare(b.startedAt)).slice(-MAX_LIVE_CALLS);
}
