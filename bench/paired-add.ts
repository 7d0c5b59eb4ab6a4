// The add's CPU of two builds, paired: `npx bun bench/paired-add.ts OLD_BINARY NEW_BINARY`. Each
// build imports the same generated facts (BENCH_SIZES, default 5000,100000) into a database of its
// own; then their adds alternate, each a new text (BENCH_RUNS pairs, default 21). Prints CPU medians
// (user+sys) and the median of the new/old ratios pair by pair.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateFacts } from './generate.js';
import { importedPerBuild, interleaved, pairedCpu, printTable, timeProcess } from './measure.js';

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
    const dbs = importedPerBuild(builds, jsonl, work, `facts-${size}`);
    const env = (k: number) => ({ ...process.env, MEMCUE_DB: dbs[k]!, HOME: work });
    const counters = [0, 0];
    const [old, now] = interleaved(builds.map((binary, k) => () => timeProcess(binary, ['add', `paired add ${size} ${k} number ${counters[k]!++} about the deploy queue`], env(k))), RUNS);
    rows.push([String(size), 'add', ...pairedCpu(old!, now!)]);
  }
  printTable('add, paired CPU', ['facts', 'what', 'old ms CPU', 'new ms CPU', 'new/old (median of pairs)'], rows);
} finally {
  rmSync(work, { recursive: true, force: true });
}
