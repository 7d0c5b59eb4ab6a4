// The add of two builds against a Bun hello world and the add's floor (bench/labs/add-floor.ts), in
// one interleaved run per size (BENCH_SIZES, default 5000; 5000,100000 shows how the cost above the
// floor grows with the file): `npx bun bench/add-vs-floor.ts OLD_BINARY NEW_BINARY`. Each add writes
// a new text into its build's own copy of one imported database.
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { generateFacts } from './generate.js';
import { timeProcess } from './measure.js';
import { measureAgainstHello, withHelloWorld } from './startup.js';

const builds = process.argv.slice(2);
if (builds.length !== 2) throw new Error('usage: bench/add-vs-floor.ts OLD_BINARY NEW_BINARY');
const RUNS = Number(process.env.BENCH_RUNS ?? 21);
const SIZES = (process.env.BENCH_SIZES ?? '5000').split(',').map(Number);
const work = mkdtempSync(join(tmpdir(), 'memcue-add-floor-'));
try {
  const floor = join(work, 'add-floor');
  const built = spawnSync(process.execPath, [fileURLToPath(new URL('labs/add-floor.ts', import.meta.url)), 'build', floor], { encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`could not build bench/labs/add-floor.ts: ${built.stderr}`);
  const env = (db: string) => ({ ...process.env, MEMCUE_DB: db, HOME: work });
  for (const size of SIZES) {
    const jsonl = join(work, `facts-${size}.jsonl`);
    writeFileSync(jsonl, generateFacts(size, 42).map((f) => JSON.stringify(f)).join('\n'));
    const dbs = builds.map((binary, k) => {
      const db = join(work, `db-${size}-${k}.db`);
      timeProcess(binary, ['import', jsonl], env(db));
      timeProcess(binary, ['search', 'warm'], env(db));
      return db;
    });
    const floorDb = join(work, `floor-${size}.db`);
    copyFileSync(dbs[0]!, floorDb);
    let n = 0;
    const rows = withHelloWorld((hello) =>
      measureAgainstHello(hello, env(dbs[0]!), [
        ...builds.map((binary, k): [string, () => ReturnType<typeof timeProcess>] => [`add (${k ? 'new' : 'old'})`, () => timeProcess(binary, ['add', `floor run fact ${n++} about deploy latency`], env(dbs[k]!))]),
        ['floor: insert', () => timeProcess(floor, ['insert', floorDb], env(floorDb))],
      ], RUNS),
    );
    console.log(`${size} facts`);
    for (const row of rows) console.log(row.join(' | '));
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
