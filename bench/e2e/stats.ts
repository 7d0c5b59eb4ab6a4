// The statistics of a benchmark's runs: mean score per condition on memory tasks and on controls,
// the share of memory criteria met, and paired differences between conditions (same task, same
// repeat) with a bootstrap 95 % interval over those pairs, seeded so a table is reproducible.

import { seeded } from '../seeded.js';

export { seeded };

/** One run's result line, as appended to --out. */
export interface RunLine {
  task: string;
  condition: string;
  repeat: number;
  agent: string;
  score: number;
  passed: number;
  total: number;
  criteria: Record<string, 0 | 1>;
  context_chars: number;
  searches: number;
  /** What memcue printed to stdout during the run: it enters the session too (older result files lack it). */
  memcue_output_chars?: number;
  needs_memory: boolean;
  /** The task's memory criteria (empty for a control). */
  memory_criteria: string[];
  /** The user's language in the task (older result files may lack it). */
  lang?: string;
}

export interface ConditionStats {
  condition: string;
  runs: number;
  memoryScore: number | undefined;
  memoryCriteria: number | undefined;
  controlScore: number | undefined;
  contextChars: number;
  /** Mean of memcue's printed output per run, over the runs that recorded it (undefined: none did). */
  outputChars: number | undefined;
  searches: number;
}

export interface Difference {
  a: string;
  b: string;
  kind: 'memory tasks' | 'controls';
  pairs: number;
  mean: number;
  lo: number;
  hi: number;
}

const mean = (xs: number[]): number | undefined => (xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : undefined);

export function byCondition(lines: RunLine[], order: string[]): ConditionStats[] {
  return order
    .map((condition) => {
      const runs = lines.filter((l) => l.condition === condition);
      const memory = runs.filter((l) => l.needs_memory);
      const memoryCriteria = memory.flatMap((l) => l.memory_criteria.map((c) => l.criteria[c] ?? 0));
      return {
        condition,
        runs: runs.length,
        memoryScore: mean(memory.map((l) => l.score)),
        memoryCriteria: mean(memoryCriteria),
        controlScore: mean(runs.filter((l) => !l.needs_memory).map((l) => l.score)),
        contextChars: mean(runs.map((l) => l.context_chars)) ?? 0,
        outputChars: mean(runs.filter((l) => l.memcue_output_chars !== undefined).map((l) => l.memcue_output_chars!)),
        searches: mean(runs.map((l) => l.searches)) ?? 0,
      };
    })
    .filter((s) => s.runs > 0);
}

/** Mean of `diffs` and the percentile bootstrap 95 % interval of that mean. */
export function bootstrap(diffs: number[], iterations = 10_000, seed = 32): { mean: number; lo: number; hi: number } {
  const m = mean(diffs) ?? 0;
  if (diffs.length < 2) return { mean: m, lo: m, hi: m };
  const random = seeded(seed);
  const means = new Float64Array(iterations);
  for (let i = 0; i < iterations; i++) {
    let sum = 0;
    for (let j = 0; j < diffs.length; j++) sum += diffs[Math.floor(random() * diffs.length)]!;
    means[i] = sum / diffs.length;
  }
  means.sort();
  return { mean: m, lo: means[Math.floor(0.025 * iterations)]!, hi: means[Math.ceil(0.975 * iterations) - 1]! };
}

/** a − b over the (task, repeat) pairs both conditions ran, memory tasks and controls apart. */
export function difference(lines: RunLine[], a: string, b: string, kind: Difference['kind']): Difference | undefined {
  const wanted = (l: RunLine) => l.needs_memory === (kind === 'memory tasks');
  const key = (l: RunLine) => `${l.task}\u0000${l.repeat}`;
  const bs = new Map(lines.filter((l) => l.condition === b && wanted(l)).map((l) => [key(l), l.score]));
  const diffs = lines.filter((l) => l.condition === a && wanted(l) && bs.has(key(l))).map((l) => l.score - bs.get(key(l))!);
  if (!diffs.length) return undefined;
  return { a, b, kind, pairs: diffs.length, ...bootstrap(diffs) };
}

export const PAIRS: [string, string][] = [
  ['memcue', 'none'],
  ['memcue', 'file'],
  ['scale-memcue', 'scale-file'],
  ['scale-memcue', 'none'],
];

export function differences(lines: RunLine[]): Difference[] {
  const out: Difference[] = [];
  for (const [a, b] of PAIRS) {
    for (const kind of ['memory tasks', 'controls'] as const) {
      const d = difference(lines, a, b, kind);
      if (d) out.push(d);
    }
  }
  return out;
}

/** The runs where `a` scored below `b` on the same task and repeat: the ones to read the transcripts of. */
export function losses(lines: RunLine[], a: string, b: string): { task: string; repeat: number; a: number; b: number }[] {
  const key = (l: RunLine) => `${l.task}\u0000${l.repeat}`;
  const bs = new Map(lines.filter((l) => l.condition === b).map((l) => [key(l), l.score]));
  return lines
    .filter((l) => l.condition === a && bs.has(key(l)) && l.score < bs.get(key(l))!)
    .map((l) => ({ task: l.task, repeat: l.repeat, a: l.score, b: bs.get(key(l))! }));
}
