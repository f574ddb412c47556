/**
 * The fuzz child process: runs one session of steps and reports to its parent over IPC
 * (`scratch`, `step`, `done` messages). Run by the supervisor, so that a crash here is counted
 * there instead of ending the run.
 */
import { parseArgs } from 'node:util';
import { runSession } from './fuzz-session.js';

const { values } = parseArgs({ options: { seed: { type: 'string' }, from: { type: 'string' }, calls: { type: 'string' }, timeout: { type: 'string' }, 'crash-at': { type: 'string' } } });
// Self-test of the supervisor only: die by SIGKILL when step `--crash-at` starts.
const crashAt = values['crash-at'] === undefined ? -1 : Number(values['crash-at']);
let unhandledRejections = 0;
let uncaughtExceptions = 0;
const processExamples: string[] = [];
process.on('unhandledRejection', (reason) => {
  unhandledRejections++;
  if (processExamples.length < 10) processExamples.push(`unhandled rejection: ${reason instanceof Error ? (reason.stack ?? reason.message).slice(0, 500) : String(reason)}`);
});
process.on('uncaughtException', (error) => {
  uncaughtExceptions++;
  if (processExamples.length < 10) processExamples.push(`uncaught exception: ${(error.stack ?? error.message).slice(0, 500)}`);
});

const send = (message: unknown): void => {
  process.send?.(message);
};

const result = await runSession({
  seed: Number(values.seed ?? 1),
  from: Number(values.from ?? 0),
  calls: Number(values.calls ?? 100),
  timeoutMs: Number(values.timeout ?? 3_000),
  onScratch: (dir) => send({ t: 'scratch', dir }),
  onStep: (index, callsBefore) => {
    send({ t: 'step', index, callsBefore });
    if (index === crashAt) process.kill(process.pid, 'SIGKILL');
  },
});
result.counters.unhandledRejections += unhandledRejections;
result.counters.uncaughtExceptions += uncaughtExceptions;
result.examples.push(...processExamples);
process.send?.({ t: 'done', result }, undefined, {}, () => process.exit(0));
