// Issue 36's table (`npm run bench`, or alone: `bun bench/topk.ts`): a search's CPU and peak memory
// by query shape at 5k, 100k and 500k facts whose words repeat (bench/topk-corpus.ts), as ratios to
// a Bun-compiled hello world run pair by pair with it, and FlexSearch and MiniSearch as cold processes
// loading their saved index (bench/peer-cold.ts) on the same facts. The imported databases and the
// peers' indexes are kept in BENCH_TOPK_CACHE (~/.cache/memcue-bench-topk) between runs: a 500k
// import takes about a minute. BENCH_TOPK_SIZES (5000,100000,500000), BENCH_RUNS pairs per row (15),
// BENCH_TOPK_PEERS_UPTO: the peers run up to this many facts (100000).
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { interleaved, printTable, summary, timeProcess, timeWithMemory, type Timing } from './measure.js';
import { withHelloWorld } from './startup.js';
import { topkFacts } from './topk-corpus.js';

const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');
const SIZES = (process.env.BENCH_TOPK_SIZES ?? '5000,100000,500000').split(',').map(Number);
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
/** The peers load their whole index per call (MiniSearch: 1.5 s and 650 MB at 100k): up to this many facts (BENCH_TOPK_PEERS_UPTO). */
const PEERS_UPTO = Number(process.env.BENCH_TOPK_PEERS_UPTO ?? 100_000);
/** Fewer pairs above 100k keep the bench short. */
const PEER_RUNS = (size: number) => (size > 100_000 ? Math.min(RUNS, 5) : RUNS);
const CACHE = process.env.BENCH_TOPK_CACHE ?? join(homedir(), '.cache', 'memcue-bench-topk');
/** Bump when topk-corpus.ts changes: the cached databases are then made again. */
const CORPUS = 1;

/** [row name, memcue search arguments]. */
function shapes(size: number): [string, string[]][] {
  return [
    ['rare word', [`n${Math.floor(size / 2) + 17}`]],
    ['deploy', ['deploy']],
    ['deploy server config', ['deploy', 'server', 'config']],
    ['token17 deploy сервер', ['token17', 'deploy', 'сервер']],
    ['deploy --kind decision', ['deploy', '--kind', 'decision']],
    ['deploy --in repo', ['deploy', '--in', 'repo:github.com/acme/api']],
    ['deploy --since (last fifth)', ['deploy', '--since', '2026-03-20']],
  ];
}

/** The imported database of `size` facts, made once. */
function database(binary: string, size: number): { db: string; jsonl: string } {
  mkdirSync(CACHE, { recursive: true });
  const base = join(CACHE, `v${CORPUS}-${size}`);
  const jsonl = `${base}.jsonl`;
  if (!existsSync(jsonl)) writeFileSync(jsonl, `${topkFacts(size).map((f) => JSON.stringify(f)).join('\n')}\n`);
  const db = `${base}.db`;
  if (!existsSync(db)) {
    // Imported under another name and renamed: an interrupted import leaves no database behind.
    const part = `${db}.part`;
    timeProcess(binary, ['import', jsonl], { ...process.env, MEMCUE_DB: part, HOME: CACHE });
    renameSync(part, db);
    for (const beside of ['.search', '.checked', '.search-delta']) rmSync(`${part}${beside}`, { force: true });
  }
  return { db, jsonl };
}

export function topkTable(binary: string, hello: string): string[][] {
  const work = mkdtempSync(join(tmpdir(), 'memcue-bench-topk-'));
  const rows: string[][] = [];
  try {
    const peer = join(work, 'peer-cold');
    const built = spawnSync(process.execPath, ['build', join(ROOT, 'bench', 'peer-cold.ts'), '--compile', '--minify', '--bytecode', '--outfile', peer]);
    if (built.status !== 0) throw new Error(`could not build the peers' cold search: ${built.stderr}`);
    const helloPeak = timeWithMemory(hello, [], process.env)?.rss;
    for (const size of SIZES) {
      const { db: cached, jsonl } = database(binary, size);
      // A copy, so this binary builds its own search file from the same facts.
      const db = join(work, `facts-${size}.db`);
      copyFileSync(cached, db);
      const env = { ...process.env, MEMCUE_DB: db, HOME: work };
      timeProcess(binary, ['search', 'warm', 'up'], env);
      const row = (name: string, command: string, args: string[], runs: number) => {
        const [timed, base] = interleaved([() => timeProcess(command, args, env), () => timeProcess(hello, [], env)], runs) as [Timing[], Timing[]];
        const s = summary(timed, base);
        const peak = timeWithMemory(command, args, env)?.rss;
        rows.push([String(size), name, s.cpu.toFixed(1), `${s.cpuRatio.toFixed(1)}x`, peak?.toFixed(0) ?? 'n/a', peak && helloPeak ? `${(peak / helloPeak).toFixed(1)}x` : 'n/a']);
      };
      for (const [name, args] of shapes(size)) row(name, binary, ['search', ...args], RUNS);
      for (const library of size <= PEERS_UPTO ? ['flexsearch', 'minisearch'] : []) {
        const dir = join(CACHE, `v${CORPUS}-${size}-${library}`);
        if (!existsSync(join(dir, 'ids.json'))) timeProcess(peer, ['build', library, jsonl, dir], env);
        for (const [name, args] of shapes(size).slice(0, 3)) row(`${library} cold: ${name}`, peer, ['search', library, dir, ...args], PEER_RUNS(size));
      }
      rmSync(db, { force: true });
      rmSync(`${db}.search`, { force: true });
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return rows;
}

export const TOPK_HEADER = ['facts', 'search', 'cpu ms', 'cpu vs hello', 'peak MB', 'peak vs hello'];
export const TOPK_TITLE = `searches by query shape, facts whose common words are each in a third of them (bench/topk-corpus.ts): CPU medians of ${RUNS} pairs with a Bun hello world (the peers up to ${PEERS_UPTO} facts, 5 pairs above 100k), peak memory of one run`;

if (process.argv[1]?.endsWith('topk.ts')) {
  const binary = process.env.MEMCUE_BINARY ?? join(ROOT, 'dist', 'memcue');
  printTable(TOPK_TITLE, TOPK_HEADER, withHelloWorld((hello) => topkTable(binary, hello)));
}
