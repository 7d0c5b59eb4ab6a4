// The markdown table of a benchmark's runs (stats.ts): one row per condition, then the paired
// differences with their bootstrap intervals.
import { byCondition, differences, type RunLine } from './stats.js';
import { CONDITIONS } from './conditions.js';

const f3 = (x: number | undefined) => (x === undefined ? '—' : x.toFixed(3));
const signed = (x: number) => `${x >= 0 ? '+' : '−'}${Math.abs(x).toFixed(3)}`;

export function table(lines: RunLine[]): string {
  const agents = [...new Set(lines.map((l) => l.agent))].join(', ');
  const tasks = new Set(lines.map((l) => l.task));
  const memoryTasks = new Set(lines.filter((l) => l.needs_memory).map((l) => l.task));
  const out = [
    `${lines.length} runs of ${tasks.size} tasks (${memoryTasks.size} need memory, ${tasks.size - memoryTasks.size} controls), agent ${agents}`,
    '',
    '| condition | runs | memory tasks | memory criteria | controls | context chars / run | searches / run |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  const order = [...CONDITIONS, ...new Set(lines.map((l) => l.condition).filter((c) => !(CONDITIONS as readonly string[]).includes(c)))];
  for (const s of byCondition(lines, order)) {
    out.push(`| ${s.condition} | ${s.runs} | ${f3(s.memoryScore)} | ${f3(s.memoryCriteria)} | ${f3(s.controlScore)} | ${Math.round(s.contextChars)} | ${s.searches.toFixed(2)} |`);
  }
  const diffs = differences(lines);
  if (diffs.length) {
    out.push('', '| difference | on | pairs | mean | 95 % interval (bootstrap) |', '| --- | --- | ---: | ---: | --- |');
    for (const d of diffs) out.push(`| ${d.a} − ${d.b} | ${d.kind} | ${d.pairs} | ${signed(d.mean)} | [${signed(d.lo)}, ${signed(d.hi)}] |`);
  }
  return out.join('\n') + '\n';
}
