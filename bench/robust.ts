// `npm run bench:robust`: reliability figures of the compiled binary (dist/memcue, or $MEMCUE_BINARY),
// printed as one table:
//   writers × adds     parallel processes each adding in a loop, readers (search, list) beside them
//                      → acknowledged / present / busy failures, reads and failed reads
//   unregistered       readers as another user during imports: bench/robust-readers.ts
//   reader wait        the longest search or session-start hook while a 20k-fact dream prepares its
//                      batch and while a 100k-fact import runs, beside the same reads on an idle database
//   SIGKILL rounds     add / import / dream killed at random moments → integrity and acknowledged rows lost
//   foreign writer     a sqlite3 shell inserting in a loop while memcue adds and lists
//   foreign reader     a sqlite3 shell reading beside memcue's readers: both rows in
//                      bench/robust-foreign.ts
//   odd files, viewer  see bench/robust-files.ts
//   parallel MCP calls see bench/robust-mcp.ts
//   hostile host       full disk, read-only disk with a dead writer's files, a foreign trigger, delta
//                      bit flips, hook stdin left open: bench/robust-hostile.ts; dream at 60k: bench/robust-dream.ts
//   bit rot            one bit flipped in the database, size and mtime kept: doctor and add: bench/robust-bitrot.ts
//   secrets            fakes caught / innocent look-alikes refused by findSecret (test/fixtures/secrets)
// Sizes: BENCH_WRITERS (16), BENCH_ADDS (100), BENCH_READERS (8), BENCH_DREAM_FACTS (20000), BENCH_IMPORT_FACTS (100000),
// BENCH_KILL_ROUNDS (12), BENCH_MCP_ROUNDS (20); BENCH_ONLY=writers,unregistered,foreign,foreign-reader,dream,import,kill,files,viewer,mcp,full-disk,read-only,trigger,delta,bit-rot,hook-stdin,dream-60k,secrets runs only those rows; BENCH_DREAM_BIG (60000) sizes the last. CPU is the children's user+sys time (Linux), beside wall time.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findSecret } from '../src/text/secrets.js';
import { generateFacts } from './generate.js';
import { median, printTable, runAsync, type Finished } from './measure.js';
import { oddFiles, viewerBody } from './robust-files.js';
import { foreignReader, foreignWriter } from './robust-foreign.js';
import { bitRot } from './robust-bitrot.js';
import { deltaFlips, foreignTrigger, fullDisk, hookStdin, readOnlyDeadOwner } from './robust-hostile.js';
import { dreamAt } from './robust-dream.js';
import { parallelMcp } from './robust-mcp.js';
import { unregisteredReaders } from './robust-readers.js';

const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');
const BINARY = process.env.MEMCUE_BINARY ?? join(ROOT, 'dist', 'memcue');
const size = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const WRITERS = size('BENCH_WRITERS', 16);
const READERS = size('BENCH_READERS', 8);
const ADDS = size('BENCH_ADDS', 100);
const DREAM_FACTS = size('BENCH_DREAM_FACTS', 20_000);
const IMPORT_FACTS = size('BENCH_IMPORT_FACTS', 100_000);
const KILL_ROUNDS = size('BENCH_KILL_ROUNDS', 12);
const DREAM_BIG = size('BENCH_DREAM_BIG', 60_000);

type Env = Record<string, string>;
type Run = Finished;

const work = mkdtempSync(join(tmpdir(), 'memcue-robust-'));
let envCount = 0;
function freshEnv(): Env {
  const dir = join(work, `m${envCount++}`);
  return { PATH: process.env.PATH ?? '', HOME: dir, XDG_STATE_HOME: join(dir, 'state'), XDG_CACHE_HOME: join(dir, 'cache'), MEMCUE_DB: join(dir, 'memcue.db'), MEMCUE_HOST: 'bench' };
}

/** A fresh environment whose HOME exists (the hostile rows write files there). */
function freshEnvMade(): Env {
  const env = freshEnv();
  mkdirSync(env.HOME!, { recursive: true });
  return env;
}

function run(args: string[], env: Env, input = ''): Promise<Run> {
  return runAsync(BINARY, args, env, input);
}

function runSync(args: string[], env: Env): string {
  const r = spawnSync(BINARY, args, { env, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`memcue ${args.join(' ')} failed: ${r.stderr}`);
  return r.stdout;
}

const factCount = (env: Env) => JSON.parse(runSync(['stats', '--json'], env)).facts as number;
const integrity = (env: Env) => spawnSync('sqlite3', [env.MEMCUE_DB!, 'PRAGMA integrity_check'], { encoding: 'utf8' }).stdout.trim() || 'sqlite3 missing';

/** The children's CPU time so far (user+sys, ms); 0 where /proc is missing. */
function childCpuMs(): number {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[13]) + Number(fields[14])) * 1000) / 100; // cutime + cstime, in USER_HZ (100)
  } catch {
    return 0;
  }
}

async function section<T>(label: string, fn: () => Promise<T>): Promise<{ result: T; cost: string }> {
  process.stderr.write(`robust: ${label}…\n`);
  const cpu = childCpuMs();
  const start = performance.now();
  const result = await fn();
  return { result, cost: `${((performance.now() - start) / 1000).toFixed(0)} s wall, ${((childCpuMs() - cpu) / 1000).toFixed(0)} s CPU` };
}

function importFacts(env: Env, count: number, seed: number): string {
  const file = join(work, `facts-${count}-${seed}.jsonl`);
  writeFileSync(file, generateFacts(count, seed).map((f) => JSON.stringify(f)).join('\n'));
  return file;
}

async function contention(): Promise<string[]> {
  const env = freshEnv();
  let acknowledged = 0;
  let busy = 0;
  let other = '';
  let writing = true;
  let reads = 0;
  let readsFailed = 0;
  // Readers beside the writers, each a search or a list in turn, for as long as they write.
  const readers = Array.from({ length: READERS }, async (_, k) => {
    while (writing) {
      const r = await run(k % 2 ? ['list', '-n', '5'] : ['search', 'writer', 'fact'], env);
      reads++;
      if (r.code !== 0 && !/no facts yet|empty/.test(r.stderr)) readsFailed++;
    }
  });
  await Promise.all(
    Array.from({ length: WRITERS }, async (_, w) => {
      for (let i = 0; i < ADDS; i++) {
        const r = await run(['add', `writer ${w} fact ${i}`], env);
        if (r.code === 0) acknowledged++;
        else if (/busy/.test(r.stderr)) busy++;
        else other ||= r.stderr.trim();
      }
    }),
  );
  writing = false;
  await Promise.all(readers);
  const present = factCount(env);
  return [`${acknowledged} / ${present} / ${busy}`, `integrity ${integrity(env)}; ${reads} reads by ${READERS} readers, ${readsFailed} failed${other ? `; other error: ${other}` : ''}`];
}

/** Reads (search and the hook, in turn) for as long as `writer` runs; their wall times. */
async function readsDuring(env: Env, writer: Promise<Run>): Promise<{ times: number[]; failed: number }> {
  let done = false;
  void writer.then(() => (done = true));
  const times: number[] = [];
  let failed = 0;
  const hookInput = JSON.stringify({ hook_event_name: 'SessionStart', cwd: env.HOME });
  for (let i = 0; !done; i++) {
    const r = i % 2 ? await run(['hook', 'claude', 'session-start'], env, hookInput) : await run(['search', 'deploy', 'staging'], env);
    if (r.code !== 0 || (i % 2 === 1 && r.stdout === '')) failed++;
    if (!done) times.push(r.ms);
  }
  return { times, failed };
}

async function readerWait(what: 'dream' | 'import', facts: number): Promise<string[]> {
  const env = freshEnv();
  const file = importFacts(env, facts, 7);
  if (what === 'dream') runSync(['import', file], env);
  else runSync(['import', importFacts(env, 1000, 8)], env);
  const idle = await readsDuring(env, new Promise((res) => setTimeout(() => res({ code: 0, stdout: '', stderr: '', ms: 0 }), 5000)));
  const writer = what === 'dream' ? run(['dream', '--limit', '5'], env) : run(['import', file], env);
  const busy = await readsDuring(env, writer);
  const w = await writer;
  const max = Math.max(...busy.times);
  return [
    `${(max / 1000).toFixed(2)} s longest (median ${(median(busy.times) / 1000).toFixed(2)} s; idle median ${(median(idle.times) / 1000).toFixed(2)} s)`,
    `${busy.times.length} reads during a ${(w.ms / 1000).toFixed(0)} s ${what} (exit ${w.code}), ${busy.failed} failed`,
  ];
}

async function killRounds(): Promise<string[]> {
  const env = freshEnv();
  runSync(['import', importFacts(env, 2000, 9)], env);
  const bulk = importFacts(env, 3000, 10);
  let acknowledged = factCount(env);
  let lost = 0;
  let partial = 0;
  let bad = 0;
  for (let round = 0; round < KILL_ROUNDS; round++) {
    const ack = await run(['add', `acknowledged fact of round ${round}`], env);
    if (ack.code === 0) acknowledged++;
    const victim = round % 3 === 0 ? ['add', `killed fact ${round}`] : round % 3 === 1 ? ['import', bulk] : ['dream', '--limit', '5'];
    const child = spawn(BINARY, victim, { env, stdio: 'ignore' });
    const exited = new Promise<number | null>((res) => child.on('exit', (code) => res(code)));
    await new Promise((res) => setTimeout(res, 50 + Math.random() * 1500));
    child.kill('SIGKILL');
    const code = await exited;
    const present = factCount(env);
    if (present < acknowledged) lost += acknowledged - present;
    const added = present - acknowledged;
    // A killed import lands whole or not at all; an add that finished counts as acknowledged.
    if (victim[0] === 'import' && added !== 0 && added !== 3000) partial++;
    if (code === 0 || added > 0) acknowledged = present;
    if (integrity(env) !== 'ok') bad++;
  }
  return [`${KILL_ROUNDS - bad} of ${KILL_ROUNDS} sound, ${lost} lost`, `${partial} partial imports; add / import (3000) / dream killed at random 50–1550 ms`];
}

function secrets(): string[] {
  const dir = join(ROOT, 'test', 'fixtures', 'secrets');
  const lines = (name: string) => readFileSync(join(dir, name), 'utf8').split('\n').filter((l) => l.trim() !== '');
  if (!existsSync(join(dir, 'fakes.txt')) || !existsSync(join(dir, 'lookalikes.txt'))) return ['n/a (fixtures missing)', ''];
  const fakes = lines('fakes.txt');
  const innocent = lines('lookalikes.txt');
  const caught = fakes.filter((s) => findSecret(s) !== undefined).length;
  const refused = innocent.filter((s) => findSecret(s) !== undefined).length;
  const pct = (n: number, of: number) => `${((100 * n) / Math.max(of, 1)).toFixed(1)} %`;
  return [`${caught}/${fakes.length} (${pct(caught, fakes.length)}) / ${refused}/${innocent.length} (${pct(refused, innocent.length)})`, 'findSecret on the fixture files'];
}

const tools = { factCount, integrity, childCpuMs };

try {
  const rows: string[][] = [];
  const only = process.env.BENCH_ONLY?.split(',');
  const add = async (label: string, fn: () => Promise<string[]>, key: string) => {
    if (only && !only.includes(key)) return;
    const { result, cost } = await section(label, fn);
    rows.push([label, result[0]!, result[1]!, cost]);
    process.stderr.write(`robust: ${rows.at(-1)!.join(' | ')}\n`); // a long run that is cut short keeps its rows
  };
  await add(`${WRITERS} writers × ${ADDS} adds with ${READERS} readers → acknowledged / present / busy`, contention, 'writers');
  await add('readers as another user (no write access to the folder) during imports → reads, failed, torn', () => unregisteredReaders(BINARY, freshEnv()), 'unregistered');
  await add('foreign writer (sqlite3 shell) → acknowledged / present / shell', () => foreignWriter(BINARY, freshEnv(), 'fcntl', tools), 'foreign');
  await add('foreign reader (sqlite3 shell) beside 2 memcue readers → busy without a timeout, wait with one', () => foreignReader(BINARY, [freshEnv()]), 'foreign-reader');
  await add(`reader wait during a ${DREAM_FACTS}-fact dream`, () => readerWait('dream', DREAM_FACTS), 'dream');
  await add(`reader wait during a ${IMPORT_FACTS}-fact import`, () => readerWait('import', IMPORT_FACTS), 'import');
  await add(`SIGKILL rounds (${KILL_ROUNDS}) → integrity, lost rows`, killRounds, 'kill');
  await add('odd files (FIFO, /dev/zero, /dev/urandom) beside the database and in the cache', async () => oddFiles(BINARY, freshEnv()), 'files');
  await add('a 400 MB POST to `memcue ui`', () => viewerBody(BINARY, freshEnv()), 'viewer');
  await add('parallel MCP calls (rounds of 6) → answered / stored / errors', () => parallelMcp(BINARY, freshEnv(), work, tools), 'mcp');
  await add('full disk: search with 24 KB free (bar ≤ 10 s)', async () => fullDisk(BINARY, freshEnvMade()), 'full-disk');
  await add('read-only disk with a dead writer’s lock and marker', async () => readOnlyDeadOwner(BINARY, freshEnvMade()), 'read-only');
  await add('foreign trigger deleting each new row → acknowledged / stored', async () => foreignTrigger(BINARY, freshEnvMade()), 'trigger');
  await add('search delta, one bit flipped → answers changed', async () => deltaFlips(BINARY, freshEnvMade()), 'delta');
  await add('bit rot (one bit, size and mtime kept) → damaged files written / doctor and add disagree', async () => bitRot(BINARY, freshEnvMade(), work), 'bit-rot');
  await add('hook with stdin left open / /dev/zero (bar ≤ 3 s)', () => hookStdin(BINARY, freshEnvMade()), 'hook-stdin');
  await add(`dream at ${DREAM_BIG} facts`, () => dreamAt(BINARY, freshEnvMade(), DREAM_BIG), 'dream-60k');
  if (!only || only.includes('secrets')) rows.push(['secrets caught / innocent refused', ...secrets(), '']);
  printTable(`memcue reliability (${BINARY})`, ['what', 'result', 'detail', 'cost'], rows);
} finally {
  rmSync(work, { recursive: true, force: true });
}
