// `npm run bench`: whole-process medians of the compiled binary's `search` and `add` on databases of
// 1k, 5k and 50k generated facts, against the native sqlite3 shell running the same FTS5 query on
// the same file (measured in the same run, so the ratio survives a noisy machine).
import { copyFileSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { matchExpression } from '../src/search/query.js';
import { generateFacts, generateQueries } from './generate.js';
import { interleaved, printTable, timeMs } from './measure.js';
import { startupRows } from './startup.js';

const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');
const BINARY = join(ROOT, 'dist', 'memcue');
const SIZES = (process.env.BENCH_SIZES ?? '1000,5000,50000').split(',').map(Number);
const RUNS = Number(process.env.BENCH_RUNS ?? 40);

const SEARCH_SQL = (match: string) =>
  `SELECT f.id, f.kind, f.created_at, f.text, -bm25(fact_index, 1.0, 1.0) AS score
   FROM fact_index JOIN facts f ON f.rowid = fact_index.rowid
   WHERE fact_index MATCH '${match.replace(/'/g, "''")}'
   ORDER BY score DESC LIMIT 5;`;

const work = mkdtempSync(join(tmpdir(), 'memcue-bench-'));
const rows: string[][] = [];
let startup: string[][] = [];
try {
  for (const size of SIZES) {
    const db = join(work, `facts-${size}.db`);
    const env = { ...process.env, MEMCUE_DB: db, HOME: work };
    const jsonl = join(work, `facts-${size}.jsonl`);
    const facts = generateFacts(size, 42);
    writeFileSync(jsonl, facts.map((f) => JSON.stringify(f)).join('\n'));
    const importMs = timeMs(BINARY, ['import', jsonl], env);
    const queries = generateQueries(facts, 64, 7);
    let q = 0;
    const [search, native] = interleaved([
      () => timeMs(BINARY, ['search', ...queries[q % queries.length]!.split(' ')], env),
      () => timeMs('sqlite3', [db, SEARCH_SQL(matchExpression(queries[q++ % queries.length]!)!)], env),
    ], RUNS) as [number, number];
    // Adds go to a copy so the searched database stays the same size.
    const addDb = join(work, `add-${size}.db`);
    copyFileSync(db, addDb);
    const addEnv = { ...env, MEMCUE_DB: addDb };
    let n = 0;
    const [add, nativeInsert] = interleaved([
      () => timeMs(BINARY, ['add', `benchmark fact ${n++} about deploy latency`], addEnv),
      () => timeMs('sqlite3', [addDb, `INSERT INTO facts VALUES ('bench${n}x', 1, 'x', '', 'note', 'global', '', '', '2026-01-01', 'h', 'active');`], addEnv),
    ], Math.min(RUNS, 25)) as [number, number];
    const bytes = statSync(db).size;
    if (size === 5000) startup = startupRows(BINARY, env, queries, RUNS);
    rows.push([
      String(size),
      search.toFixed(1),
      native.toFixed(1),
      (search / native).toFixed(1),
      add.toFixed(1),
      nativeInsert.toFixed(1),
      (add / nativeInsert).toFixed(1),
      (bytes / size).toFixed(0),
      (importMs / 1000).toFixed(2),
    ]);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

printTable(
  `memcue ${BINARY}: whole-process medians of ${RUNS} runs, interleaved with the native sqlite3 shell on the same file`,
  ['facts', 'search ms', 'sqlite3 ms', 'ratio', 'add ms', 'sqlite3 insert ms', 'ratio', 'bytes/fact', 'import s'],
  rows,
);
if (startup.length) printTable('cold start at 5k facts (medians; hello = a Bun-compiled hello world)', ['command', 'ms', 'vs hello'], startup);
