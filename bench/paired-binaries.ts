// Paired CPU of two builds on the commands a schema change touches: `npx bun bench/paired-binaries.ts
// OLD_BINARY NEW_BINARY`. Each build imports the same generated facts into a database of its own (a
// newer schema is refused by an older build), then their runs alternate: search through the search
// file, search through SQLite, the search that rebuilds a removed search file, add and import. Prints CPU
// medians (user+sys) and the median of the new/old ratios pair by pair, then each file's bytes a fact.
import { copyFileSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateFacts, generateQueries } from './generate.js';
import { importedPerBuild, interleaved, pairedCpu, printTable, timeProcess, type Timing } from './measure.js';

const builds = process.argv.slice(2);
if (builds.length !== 2) throw new Error('usage: bench/paired-binaries.ts OLD_BINARY NEW_BINARY');
const RUNS = Number(process.env.BENCH_RUNS ?? 21);
const SIZES = (process.env.BENCH_SIZES ?? '5000,50000').split(',').map(Number);
const work = mkdtempSync(join(tmpdir(), 'memcue-paired-'));
const rows: string[][] = [];
try {
  for (const size of SIZES) {
    const facts = generateFacts(size, 42);
    const jsonl = join(work, `facts-${size}.jsonl`);
    writeFileSync(jsonl, facts.map((f) => JSON.stringify(f)).join('\n'));
    const queries = generateQueries(facts, 64, 7);
    const dbs = importedPerBuild(builds, jsonl, work, `facts-${size}`).map((db, k) => {
      const binary = builds[k]!;
      const addDb = join(work, `add-${size}-${k}.db`);
      copyFileSync(db, addDb);
      return { binary, db, addDb, bytes: statSync(db).size + statSync(`${db}.search`).size };
    });
    const row = (name: string, run: (b: (typeof dbs)[number], i: number) => Timing) => {
      const counters = [0, 0];
      const times = interleaved(dbs.map((b, k) => () => run(b, counters[k]!++)), RUNS);
      const [old, now] = times as [Timing[], Timing[]];
      rows.push([String(size), name, ...pairedCpu(old, now)]);
    };
    const env = (db: string, extra: Record<string, string> = {}) => ({ ...process.env, MEMCUE_DB: db, HOME: work, ...extra });
    const words = (i: number) => queries[i % queries.length]!.split(' ');
    row('search (search file)', (b, i) => timeProcess(b.binary, ['search', ...words(i)], env(b.db)));
    row('search (SQLite)', (b, i) => timeProcess(b.binary, ['search', ...words(i)], env(b.db, { MEMCUE_SEARCH_FILE: '0' })));
    row('search, search file rebuilt', (b, i) => {
      rmSync(`${b.db}.search`, { force: true });
      return timeProcess(b.binary, ['search', ...words(i)], env(b.db));
    });
    row('add', (b, i) => timeProcess(b.binary, ['add', `benchmark fact ${i} about deploy latency`], env(b.addDb)));
    // Whole imports into fresh files (the search file built at the end included): few runs, they are long.
    const imports = interleaved(
      dbs.map((b) => () => {
        const db = join(work, 'import.db');
        for (const f of [db, `${db}.search`, `${db}.search-delta`, `${db}.checked`]) rmSync(f, { force: true });
        return timeProcess(b.binary, ['import', jsonl], env(db));
      }),
      Number(process.env.BENCH_IMPORT_RUNS ?? 3),
    ) as [Timing[], Timing[]];
    rows.push([String(size), 'import', ...pairedCpu(imports[0], imports[1], 0)]);
    rows.push([String(size), 'db + search file B/fact', (dbs[0]!.bytes / size).toFixed(0), (dbs[1]!.bytes / size).toFixed(0), (dbs[1]!.bytes / dbs[0]!.bytes).toFixed(3)]);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
printTable(`CPU ms, medians of ${RUNS} alternating runs; ratio: median of new/old pair by pair`, ['facts', 'what', 'old', 'new', 'new/old'], rows);
