// `npm run bench`: whole-process medians (CPU time user+sys, and wall time) of the compiled binary's
// `search` and `add` on databases of 1k, 5k and 50k generated facts (BENCH_LARGE=1 adds 100k and
// 500k), against the native sqlite3 shell running the same FTS5 query on the same file and against a
// Bun hello world, and at 5k facts each command's cold start against the hello world (all measured in
// the same run, pair by pair, so the ratios survive a noisy machine). A second table has what grows
// with the memory: peak memory of a search, an add, a session-start hook and a card (no card cached)
// and an import, import time, bytes per fact on disk. A third (bench/topk.ts) has searches by query
// shape at 5k, 100k and 500k facts whose words repeat, beside FlexSearch and MiniSearch run cold.
import { copyFileSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { matchExpression } from '../src/search/query.js';
import { generateFacts, generateQueries } from './generate.js';
import { interleaved, printTable, summary, timeProcess, timeWithMemory, TIMING_HEADER } from './measure.js';
import { startupRows, withHelloWorld } from './startup.js';
import type { Timing } from './measure.js';
import { topkTable, TOPK_HEADER, TOPK_TITLE } from './topk.js';

const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');
const BINARY = process.env.MEMCUE_BINARY ?? join(ROOT, 'dist', 'memcue');
const SIZES = (process.env.BENCH_SIZES ?? `1000,5000,50000${process.env.BENCH_LARGE === '1' ? ',100000,500000' : ''}`).split(',').map(Number);
const RUNS = Number(process.env.BENCH_RUNS ?? 40);

const SEARCH_SQL = (match: string) =>
  `SELECT f.id, f.kind, f.created_at, f.text, -bm25(fact_index, 1.0, 1.0) AS score
   FROM fact_index JOIN facts f ON f.rowid = fact_index.rowid
   WHERE fact_index MATCH '${match.replace(/'/g, "''")}'
   ORDER BY score DESC LIMIT 5;`;

const work = mkdtempSync(join(tmpdir(), 'memcue-bench-'));
const rows: string[][] = [];
const scale: string[][] = [];
let startup: string[][] = [];
let topk: string[][] = [];
try {
  withHelloWorld((hello) => {
  for (const size of SIZES) {
    const db = join(work, `facts-${size}.db`);
    const env = { ...process.env, MEMCUE_DB: db, HOME: work };
    const jsonl = join(work, `facts-${size}.jsonl`);
    const facts = generateFacts(size, 42);
    writeFileSync(jsonl, facts.map((f) => JSON.stringify(f)).join('\n'));
    const imported = timeWithMemory(BINARY, ['import', jsonl], env) ?? { ...timeProcess(BINARY, ['import', jsonl], env), rss: undefined };
    const queries = generateQueries(facts, 64, 7);
    let q = 0;
    const [search, native, helloSearch] = interleaved([
      () => timeProcess(BINARY, ['search', ...queries[q % queries.length]!.split(' ')], env),
      () => timeProcess('sqlite3', [db, SEARCH_SQL(matchExpression(queries[q++ % queries.length]!)!)], env),
      () => timeProcess(hello, [], env),
    ], RUNS) as [Timing[], Timing[], Timing[]];
    // Adds go to a copy so the searched database stays the same size.
    const addDb = join(work, `add-${size}.db`);
    copyFileSync(db, addDb);
    const addEnv = { ...env, MEMCUE_DB: addDb };
    // A copy is a file memcue has not seen: its first write checks its integrity, and its search file
    // is not current for it. An untimed add and search first: the timed adds are everyday ones.
    timeProcess(BINARY, ['add', 'warm-up fact for the copy'], addEnv);
    timeProcess(BINARY, ['search', 'warm-up'], addEnv);
    // The native inserts go to a copy of their own: a write by another program makes memcue's next
    // write check the file's integrity first (quick_check), which would then be timed as every add.
    const nativeDb = join(work, `add-native-${size}.db`);
    copyFileSync(db, nativeDb);
    let n = 0;
    const [add, nativeInsert, helloAdd] = interleaved([
      () => timeProcess(BINARY, ['add', `benchmark fact ${n++} about deploy latency`], addEnv),
      () => timeProcess('sqlite3', [nativeDb, `INSERT INTO facts VALUES ('bench${n}x', 1, 'x', '', 'note', 'global', '', '', '2026-01-01', 'h', 'active');`], addEnv),
      () => timeProcess(hello, [], env),
    ], Math.min(RUNS, 25)) as [Timing[], Timing[], Timing[]];
    const bytes = statSync(db).size;
    const searchFileBytes = statSync(`${db}.search`, { throwIfNoEntry: false })?.size ?? 0;
    const searchPeak = timeWithMemory(BINARY, ['search', ...queries[0]!.split(' ')], env)?.rss;
    const addPeak = timeWithMemory(BINARY, ['add', 'one more benchmark fact about deploy latency'], addEnv)?.rss;
    // A session start and a card with no card cached (empty cache folders): each makes the card.
    const hookPeak = timeWithMemory(BINARY, ['hook', 'claude', 'session-start'], { ...env, XDG_CACHE_HOME: join(work, `hook-cache-${size}`) })?.rss;
    const cardPeak = timeWithMemory(BINARY, ['card'], { ...env, XDG_CACHE_HOME: join(work, `card-cache-${size}`) })?.rss;
    const mb = (value: number | undefined) => value?.toFixed(0) ?? 'n/a';
    rmSync(addDb, { force: true });
    rmSync(nativeDb, { force: true });
    scale.push([
      String(size),
      `${summary(search, helloSearch).cpuRatio.toFixed(1)}x`,
      mb(searchPeak),
      `${summary(add, helloAdd).cpuRatio.toFixed(1)}x`,
      mb(addPeak),
      mb(hookPeak),
      mb(cardPeak),
      (imported.wall / 1000).toFixed(1),
      (imported.cpu / 1000).toFixed(1),
      mb(imported.rss),
      (bytes / size).toFixed(0),
      (searchFileBytes / size).toFixed(0),
      ((bytes + searchFileBytes) / size).toFixed(0),
    ]);
    if (size === 5000) startup = startupRows(BINARY, env, db, queries, RUNS);
    const searched = summary(search, native);
    const added = summary(add, nativeInsert);
    rows.push([
      String(size),
      searched.cpu.toFixed(1),
      summary(native, native).cpu.toFixed(1),
      searched.cpuRatio.toFixed(1),
      searched.wall.toFixed(1),
      searched.wallRatio.toFixed(1),
      added.cpu.toFixed(1),
      summary(nativeInsert, nativeInsert).cpu.toFixed(1),
      added.cpuRatio.toFixed(1),
      (bytes / size).toFixed(0),
      (imported.wall / 1000).toFixed(2),
    ]);
    rmSync(db, { force: true });
    rmSync(`${db}.search`, { force: true });
    rmSync(jsonl, { force: true });
  }
  // Issue 36: by query shape at 5k, 100k and 500k facts whose words repeat, beside FlexSearch and MiniSearch.
  topk = topkTable(BINARY, hello);
  });
} finally {
  rmSync(work, { recursive: true, force: true });
}

printTable(
  `memcue ${BINARY}: whole-process medians of ${RUNS} runs, interleaved with the native sqlite3 shell on the same file (ratios pair by pair)`,
  ['facts', 'search cpu ms', 'sqlite3 cpu ms', 'ratio', 'search wall ms', 'wall ratio', 'add cpu ms', 'sqlite3 insert cpu ms', 'ratio', 'bytes/fact', 'import s'],
  rows,
);
printTable(
  'what grows with the memory: search and add CPU against a Bun hello world in the same run (medians, pair by pair), peak memory (MB; hook and card with no card cached), the import of the generated facts (one run), bytes per fact on disk',
  ['facts', 'search vs hello', 'search peak MB', 'add vs hello', 'add peak MB', 'hook peak MB', 'card peak MB', 'import s', 'import cpu s', 'import peak MB', 'db B/fact', 'search file B/fact', 'total B/fact'],
  scale,
);
printTable(TOPK_TITLE, TOPK_HEADER, topk);
if (startup.length) {
  printTable(`cold start at 5k facts: medians of ${RUNS} runs; hello = a Bun-compiled hello world, run in turn with them`, ['command', ...TIMING_HEADER], startup);
}
