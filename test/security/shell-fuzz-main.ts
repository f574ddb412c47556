/**
 * `npm run fuzz:shell`: the read-only sandbox check over every generated case (or a seeded
 * sample), against the built `@toolwright/tools`. Options: `--sample N` (a seeded sample of N
 * plus every attack shape, as `npm test` runs it), `--seed N`, `--slots N` (sandboxes run at
 * once), `--timeout MS` (per command), `--only TEXT` (cases whose origin or command contains
 * TEXT), `--refresh-flags` (rewrite the flag cache from this machine's help and stop).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { BashSafety } from '@toolwright/tools';
import { ATTACK_CASES } from './attack-shapes.js';
import { COMMAND_SPECS } from './command-specs.js';
import { flagTableDrift, loadFlagTable, readLiveFlagTable, writeFlagTable } from './flag-table.js';
import { describeFailure, ReadOnlySandbox } from './read-only-sandbox.js';
import { generateCases, sampleCases } from './shell-cases.js';

/** Runs the fuzz; resolves to the process exit code (1 when a read-only verdict did something). */
export async function main(argv: readonly string[], flagFile: string): Promise<number> {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      sample: { type: 'string' },
      seed: { type: 'string', default: '1' },
      slots: { type: 'string', default: '2' },
      timeout: { type: 'string', default: '5000' },
      only: { type: 'string' },
      'refresh-flags': { type: 'boolean', default: false },
    },
  });
  if (values['refresh-flags']) {
    const live = readLiveFlagTable(COMMAND_SPECS);
    writeFlagTable(flagFile, live, COMMAND_SPECS);
    console.log(`wrote ${flagFile}: ${Object.values(live).reduce((n, f) => n + f.length, 0)} flags of ${COMMAND_SPECS.length} commands`);
    return 0;
  }
  const table = loadFlagTable(flagFile, COMMAND_SPECS);
  if (values.sample === undefined) {
    const drift = flagTableDrift(table, readLiveFlagTable(COMMAND_SPECS));
    if (drift.length > 0) console.log(`the help on this machine differs from ${flagFile} (npm run fuzz:shell -- --refresh-flags):\n  ${drift.join('\n  ')}`);
  }
  const all = generateCases(COMMAND_SPECS, table);
  let cases = values.sample === undefined ? [...all, ...ATTACK_CASES] : [...sampleCases(all, Number(values.sample), Number(values.seed)), ...ATTACK_CASES];
  if (values.only !== undefined) cases = cases.filter((c) => c.origin.includes(values.only!) || c.command.includes(values.only!));
  const root = mkdtempSync(join(tmpdir(), 'fuzz-shell-'));
  try {
    const safety = await BashSafety.load();
    const sandbox = await ReadOnlySandbox.create(root, { slots: Number(values.slots), timeoutMs: Number(values.timeout) });
    let done = 0;
    const report = await sandbox.check(cases, safety, (result) => {
      if (result.problems.length > 0) console.log(`FAIL ${describeFailure(result)}`);
      if (result.timedOut) console.log(`timed out (not a failure by itself): ${result.case.command}`);
      if (++done % 500 === 0) console.log(`… ${done} executed`);
    });
    const seconds = (report.executionMs / 1000).toFixed(1);
    console.log(`fuzz:shell: ${report.analysed} commands analysed, ${report.executed} called read-only and executed in ${seconds} s (${values.slots} sandboxes), ${report.timedOut} timed out, ${report.failures.length} did something a read-only command must not`);
    return report.failures.length > 0 ? 1 : 0;
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
