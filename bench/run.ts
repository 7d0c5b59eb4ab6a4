// `npm run bench`: whole-process medians of the compiled binary's `search` and `add` on databases of
// 1k, 5k and 50k generated facts, against the native sqlite3 shell running the same FTS5 query on
// the same file (measured in the same run, so the ratio survives a noisy machine).
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { matchExpression } from '../src/search/query.js';
import { generateFacts, generateQueries } from './generate.js';

const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');
const BINARY = join(ROOT, 'dist', 'memcue');
const SIZES = (process.env.BENCH_SIZES ?? '1000,5000,50000').split(',').map(Number);
const RUNS = Number(process.env.BENCH_RUNS ?? 40);

function timeMs(command: string, args: string[], env: NodeJS.ProcessEnv): number {
  const start = performance.now();
  const r = spawnSync(command, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
  const elapsed = performance.now() - start;
  if (r.status !== 0) throw new Error(`${command} ${args.join(' ')} failed: ${r.stderr}`);
  return elapsed;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Alternates the two commands run by run, so drifts in machine load hit both alike. */
function paired(a: () => number, b: () => number, runs: number): [number, number] {
  const as: number[] = [];
  const bs: number[] = [];
  for (let i = 0; i < 3; i++) (a(), b()); // warm the page cache
  for (let i = 0; i < runs; i++) {
    as.push(a());
    bs.push(b());
  }
  return [median(as), median(bs)];
}

const SEARCH_SQL = (match: string) =>
  `SELECT f.id, f.kind, f.created_at, f.text, -bm25(fact_index, 1.0, 1.0) AS score
   FROM fact_index JOIN facts f ON f.rowid = fact_index.rowid
   WHERE fact_index MATCH '${match.replace(/'/g, "''")}'
   ORDER BY score DESC LIMIT 5;`;

const work = mkdtempSync(join(tmpdir(), 'memcue-bench-'));
const rows: string[][] = [];
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
    const [search, native] = paired(
      () => timeMs(BINARY, ['search', ...queries[q % queries.length]!.split(' ')], env),
      () => timeMs('sqlite3', [db, SEARCH_SQL(matchExpression(queries[q++ % queries.length]!)!)], env),
      RUNS,
    );
    // Adds go to a copy so the searched database stays the same size.
    const addDb = join(work, `add-${size}.db`);
    copyFileSync(db, addDb);
    const addEnv = { ...env, MEMCUE_DB: addDb };
    let n = 0;
    const [add, nativeInsert] = paired(
      () => timeMs(BINARY, ['add', `benchmark fact ${n++} about deploy latency`], addEnv),
      () => timeMs('sqlite3', [addDb, `INSERT INTO facts VALUES ('bench${n}x', 1, 'x', '', 'note', 'global', '', '', '2026-01-01', 'h', 'active');`], addEnv),
      Math.min(RUNS, 25),
    );
    const bytes = statSync(db).size;
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

const header = ['facts', 'search ms', 'sqlite3 ms', 'ratio', 'add ms', 'sqlite3 insert ms', 'ratio', 'bytes/fact', 'import s'];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
const line = (cells: string[]) => `| ${cells.map((c, i) => c.padStart(widths[i]!)).join(' | ')} |`;
console.log(`memcue ${BINARY} — whole-process medians of ${RUNS} runs (search: ${'64'} generated queries)`);
console.log(line(header));
console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
for (const r of rows) console.log(line(r));
