// How long an answer takes to resume a waiting call, file inbox (fs.watch) vs PostgreSQL (NOTIFY).
// Not a test: run it with
//   npx esbuild test/inbox/inbox-latency.ts --bundle --platform=node --format=esm --packages=external --outfile=node_modules/.cache/inbox-latency.mjs && node node_modules/.cache/inbox-latency.mjs
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileApprovalInbox } from '../../packages/sdk/src/policy/inbox/file-approval-inbox.js';
import { processLabel } from '../../packages/sdk/src/policy/inbox/inbox-binding.js';
import { PostgresApprovalInbox } from '../../packages/cli/src/inbox/postgres-approval-inbox.js';
import { startPostgres } from './postgres-server.js';
import type { ApprovalInbox } from '../../packages/sdk/src/policy/approval-inbox.js';

const request = { toolCallId: 'c', toolName: 't', arguments: { a: 1 }, reason: 'r', suggestedRules: [], bypassImmune: false };
const source = { kind: 'agent' as const, label: 'bench', process: processLabel() };
async function measure(name: string, waiter: ApprovalInbox, answerer: ApprovalInbox, rounds = 30): Promise<void> {
  const lat: number[] = [];
  const posts: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const t0 = performance.now();
    const e = await waiter.post(request, source);
    posts.push(performance.now() - t0);
    const waiting = waiter.waitForAnswer(e.id);
    await new Promise((r) => setTimeout(r, 30));
    const t = performance.now();
    await answerer.answer(e.id, e.binding, { type: 'approve' });
    await waiting;
    lat.push(performance.now() - t);
  }
  const med = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!.toFixed(1);
  const p90 = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length * 0.9)]!.toFixed(1);
  console.log(`${name}: post median ${med(posts)} ms; answer->waiter resumed median ${med(lat)} ms, p90 ${p90(lat)} ms (${rounds} rounds)`);
}
const dir = join(mkdtempSync(join(tmpdir(), 'bench-')), 'inbox');
const a = new FileApprovalInbox(dir);
const b = new FileApprovalInbox(dir);
await measure('file inbox (two inbox objects, default poll 250 ms + fs.watch)', a, b);
await a.close();
await b.close();
rmSync(join(dir, '..'), { recursive: true, force: true });
const pg = await startPostgres();
const pa = await PostgresApprovalInbox.connect(pg.url);
const pb = await PostgresApprovalInbox.connect(pg.url);
await measure('postgres inbox (two connections, NOTIFY)', pa, pb);
await pa.close();
await pb.close();
await pg.stop();
