import type { ReplayReport } from './replay-difference.js';

/** A replay's outcome for people: what was replayed, then each difference (or that there is none). */
export function formatReplayReport(report: ReplayReport, source = 'the record'): string {
  const what = `${report.calls} call${report.calls === 1 ? '' : 's'}, ${report.modelSteps} model response${report.modelSteps === 1 ? '' : 's'}, tools ${report.liveTools ? 'run live' : 'answered from the record'}`;
  const failed = report.failure ? ` as recorded (${report.failure})` : '';
  const head = `Replay of ${source}: ${what}${report.status ? `; the run ended ${report.status}${failed}` : ''}.`;
  if (report.ok) return `${head}\nNo differences.`;
  const lines = report.differences.map((d) => `  ${d.kind.padEnd(12)} ${d.message}`);
  return [head, `${report.differences.length} difference${report.differences.length === 1 ? '' : 's'}:`, ...lines].join('\n');
}
