// The markdown table of a benchmark's runs (stats.ts): one row per condition, then the paired
// differences with their bootstrap intervals.
import { byCondition, differences, losses, PAIRS, type RunLine } from './stats.js';
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
    '| condition | runs | memory tasks | memory criteria | controls | context chars / run | memcue output chars / run | searches / run |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  const order = [...CONDITIONS, ...new Set(lines.map((l) => l.condition).filter((c) => !(CONDITIONS as readonly string[]).includes(c)))];
  for (const s of byCondition(lines, order)) {
    out.push(`| ${s.condition} | ${s.runs} | ${f3(s.memoryScore)} | ${f3(s.memoryCriteria)} | ${f3(s.controlScore)} | ${Math.round(s.contextChars)} | ${s.outputChars === undefined ? '—' : Math.round(s.outputChars)} | ${s.searches.toFixed(2)} |`);
  }
  const diffs = differences(lines);
  if (diffs.length) {
    out.push('', '| difference | on | pairs | mean | 95 % interval (bootstrap) |', '| --- | --- | ---: | ---: | --- |');
    for (const d of diffs) out.push(`| ${d.a} − ${d.b} | ${d.kind} | ${d.pairs} | ${signed(d.mean)} | [${signed(d.lo)}, ${signed(d.hi)}] |`);
  }
  const langs = [...new Set(lines.filter((l) => l.needs_memory && l.lang).map((l) => l.lang!))].sort();
  if (langs.length > 1) {
    out.push('', `| condition | ${langs.map((g) => `memory tasks (${g})`).join(' | ')} |`, `| --- |${langs.map(() => ' ---: |').join('')}`);
    for (const c of order) {
      const cells = langs.map((g) => byCondition(lines.filter((l) => l.lang === g), [c])[0]?.memoryScore);
      if (cells.some((x) => x !== undefined)) out.push(`| ${c} | ${cells.map(f3).join(' | ')} |`);
    }
  }
  // What to read the transcripts of: every run memcue lost to the condition it is compared with.
  const lost = PAIRS.flatMap(([a, b]) => losses(lines, a, b).map((x) => `- ${x.task} #${x.repeat}: ${a} ${x.a.toFixed(2)} < ${b} ${x.b.toFixed(2)}`));
  if (lost.length) out.push('', 'Runs lost by memcue:', ...lost);
  return out.join('\n') + '\n';
}
