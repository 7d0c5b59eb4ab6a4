// The add's CPU of two builds, paired: `npx bun bench/paired-add.ts OLD_BINARY NEW_BINARY`. Each
// build imports the same generated facts (BENCH_SIZES, default 5000,100000) into a database of its
// own; then their adds alternate, each a new text (BENCH_RUNS pairs, default 21). Prints CPU medians
// (user+sys) and the median of the new/old ratios pair by pair.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateFacts } from './generate.js';
import { interleaved, median, printTable, timeProcess } from './measure.js';

const builds = process.argv.slice(2);
if (builds.length !== 2) throw new Error('usage: bench/paired-add.ts OLD_BINARY NEW_BINARY');
const RUNS = Number(process.env.BENCH_RUNS ?? 21);
const SIZES = (process.env.BENCH_SIZES ?? '5000,100000').split(',').map(Number);
const work = mkdtempSync(join(tmpdir(), 'memcue-paired-add-'));
const rows: string[][] = [];
try {
  for (const size of SIZES) {
    const jsonl = join(work, `facts-${size}.jsonl`);
    writeFileSync(jsonl, generateFacts(size, 42).map((f) => JSON.stringify(f)).join('\n'));
    const env = (k: number) => ({ ...process.env, MEMCUE_DB: join(work, `facts-${size}-${k}.db`), HOME: work });
    builds.forEach((binary, k) => {
      timeProcess(binary, ['import', jsonl], env(k));
      timeProcess(binary, ['search', 'warm'], env(k)); // the search file, which the add keeps current
    });
    const counters = [0, 0];
    const [old, now] = interleaved(builds.map((binary, k) => () => timeProcess(binary, ['add', `paired add ${size} ${k} number ${counters[k]!++} about the deploy queue`], env(k))), RUNS);
    rows.push([String(size), 'add', median(old!.map((t) => t.cpu)).toFixed(1), median(now!.map((t) => t.cpu)).toFixed(1), median(now!.map((t, i) => t.cpu / old![i]!.cpu)).toFixed(3)]);
  }
  printTable('add, paired CPU', ['facts', 'what', 'old ms CPU', 'new ms CPU', 'new/old (median of pairs)'], rows);
} finally {
  rmSync(work, { recursive: true, force: true });
}
