// Paired whole-process CPU (user+sys) of two builds' searches, for a change to what a search does:
// `npx bun bench/paired-searches.ts OLD_BINARY NEW_BINARY` (bench/RESULTS.md 46). Both search the
// 5k generated facts `npm run bench` searches, each build through its own copy of one database.
// Rows: the queries of the bench's cold-start search rows in their order (generateQueries(facts, 64,
// 7): three warm-ups and 40 runs), then one query per type of the dev set. On this machine the first
// process of a pair measures cheaper (an A/A run, the same build twice, shows it), so the order
// alternates pair by pair and each order's median new/old ratio is printed, with their geometric mean.
// BENCH_ROUNDS passes over the sequence (6), BENCH_PAIRS pairs of each query (60); BENCH_ONLY='words'
// measures that query instead of the types'.
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateFacts, generateQueries } from './generate.js';
import { median, printTable, timeProcess } from './measure.js';

const builds = process.argv.slice(2);
if (builds.length !== 2) throw new Error('usage: bench/paired-searches.ts OLD_BINARY NEW_BINARY');
/** Passes over the cold-start sequence, and pairs of each one-query row. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
const PAIRS = Number(process.env.BENCH_PAIRS ?? 60);
const COLD_START_QUERIES = 43;
/** RESULTS 46's query of each type. */
const TYPE_QUERIES: [string, string][] = process.env.BENCH_ONLY ? [['query', process.env.BENCH_ONLY]] : [
  ['exact', 'race strap cache'],
  ['identifier', 'PKG_CONFIG_PATH'],
  ['typo', 'migraton warnng'],
  ['abbreviation', 'k8s cfg db'],
  ['paraphrase', 'database deploy branch'],
  ['translit (Russian)', 'стейдж релиз гитлаб'],
  ['translit (Latin)', 'redis proxy stand'],
  ['crosslang', 'порт прокси сборка'],
];

const work = mkdtempSync(join(tmpdir(), 'memcue-paired-searches-'));
try {
  const facts = generateFacts(5000, 42);
  const jsonl = join(work, 'facts.jsonl');
  writeFileSync(jsonl, facts.map((f) => JSON.stringify(f)).join('\n'));
  const imported = join(work, 'imported.db');
  timeProcess(builds[0]!, ['import', jsonl], { ...process.env, MEMCUE_DB: imported, HOME: work });
  // Fresh copies of both builds, made together: a binary file written long before ran ~5 % dearer
  // than a new copy of the same bytes here, whatever the order.
  const sides = builds.map((binary, k) => {
    const copy = join(work, `build-${k}`);
    copyFileSync(binary, copy);
    const db = join(work, `facts-${k}.db`);
    copyFileSync(imported, db);
    const env = { ...process.env, MEMCUE_DB: db, HOME: work };
    timeProcess(copy, ['search', 'warm', 'up'], env); // builds this build's search file
    return { binary: copy, env };
  });
  const pair = (words: string[], newFirst: boolean) => {
    const run = (k: number) => timeProcess(sides[k]!.binary, ['search', ...words], sides[k]!.env).cpu;
    if (newFirst) {
      const now = run(1);
      return { old: run(0), now, newFirst };
    }
    const old = run(0);
    return { old, now: run(1), newFirst };
  };
  const rows: string[][] = [];
  const row = (name: string, pairs: { old: number; now: number; newFirst: boolean }[]) => {
    const ratio = (first: boolean) => median(pairs.filter((p) => p.newFirst === first).map((p) => p.now / p.old));
    const [newFirst, oldFirst] = [ratio(true), ratio(false)];
    const cpu = (side: 'old' | 'now') => median(pairs.map((p) => p[side])).toFixed(1);
    rows.push([name, String(pairs.length), cpu('old'), cpu('now'), newFirst.toFixed(3), oldFirst.toFixed(3), Math.sqrt(newFirst * oldFirst).toFixed(3)]);
  };
  const sequence = generateQueries(facts, 64, 7).slice(0, COLD_START_QUERIES);
  const warm = (words: string[]) => [0, 1, 0, 1].forEach((k) => timeProcess(sides[k]!.binary, ['search', ...words], sides[k]!.env));
  warm(sequence[0]!.split(' '));
  row('cold-start sequence', Array.from({ length: ROUNDS }, (_, r) => sequence.map((q, i) => pair(q.split(' '), (i + r) % 2 === 0))).flat());
  for (const [type, query] of TYPE_QUERIES) {
    warm(query.split(' '));
    row(`${type}: ${query}`, Array.from({ length: PAIRS }, (_, i) => pair(query.split(' '), i % 2 === 0)));
  }
  printTable(
    `CPU ms (user+sys), medians; new/old: median of the pairs' ratios where the new build ran first, where the old one did, and their geometric mean`,
    ['searches', 'pairs', 'old', 'new', 'new first', 'old first', 'new/old'],
    rows,
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
