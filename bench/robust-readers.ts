// The `npm run bench:robust` row for readers no writer knows of, a [result, detail] pair:
//   readers as another user  `export` run as nobody (it may not write the database's folder) in a
//                         loop while the binary imports batches; SQLite's SHARED lock holds the
//                         commits off → reads, failed, torn (a row count no committed state had)
// Needs root (to run as nobody) and setpriv; otherwise the row says so.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

type Env = Record<string, string>;

const BATCHES = Number(process.env.BENCH_UNREGISTERED_BATCHES ?? 30);
const BATCH = 300;
const SEED = 2000;

/** Runs `command` to its end, without blocking the event loop (the writer loop runs beside it). */
function finished(command: string, args: string[], env: Env): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The compiled binary as the reader (SQLite's SHARED lock holds the importer's commits off). */
export async function unregisteredReaders(binary: string, env: Env): Promise<string[]> {
  return readersDuringImports(binary, [binary], env);
}

/**
 * `files` copied to a 0755 folder, the reader's command line with the copies: the clone may sit in a
 * folder only its owner can enter (`mktemp -d` makes one 0700), where nobody cannot run them. The
 * first file is the command (after `node`); the others (the WASM) are only copied beside it.
 */
function readableByNobody(files: string[], dir: string): string[] {
  const copies = join(dir, 'reader');
  mkdirSync(copies, { mode: 0o755 });
  chmodSync(copies, 0o755);
  const copied = (file: string) => {
    const copy = join(copies, basename(file));
    copyFileSync(file, copy);
    chmodSync(copy, 0o755);
    return copy;
  };
  const command = files.filter((f) => f !== 'node').map(copied)[0]!;
  return files[0] === 'node' ? ['node', command] : [command];
}

async function readersDuringImports(binary: string, files: string[], env: Env): Promise<string[]> {
  if (process.getuid?.() !== 0 || !existsSync('/usr/bin/setpriv')) return ['n/a', 'needs root and setpriv (the reader runs as nobody)'];
  if (!files.every((part) => part === 'node' || existsSync(part))) return ['n/a', `no ${files.join(' ')}: run npm run build`];
  const dir = env.HOME!;
  mkdirSync(dir, { recursive: true });
  chmodSync(dirname(dir), 0o711); // the bench's folder: nobody may pass through it
  chmodSync(dir, 0o755);
  const reader = readableByNobody(files, dir);
  const facts = (n: number, tag: string) => {
    const file = join(dir, `${tag}.jsonl`);
    writeFileSync(file, Array.from({ length: n }, (_, i) => JSON.stringify({ text: `${tag} fact ${i} keeps shard ${i % 97} warm` })).join('\n'));
    return file;
  };
  if (spawnSync(binary, ['import', facts(SEED, 'seed')], { env }).status !== 0) return ['n/a (seed import failed)', ''];
  chmodSync(env.MEMCUE_DB!, 0o644);
  const home = join(dir, 'nobody');
  mkdirSync(home, { mode: 0o777 });
  chmodSync(home, 0o777);
  const readerEnv = { ...env, HOME: home, XDG_STATE_HOME: join(home, 'state'), XDG_CACHE_HOME: join(home, 'cache') };
  let writing = true;
  let reads = 0;
  let failed = 0;
  let torn = 0;
  let firstProblem = '';
  const readers = (async () => {
    while (writing) {
      const r = await finished('setpriv', ['--reuid=65534', '--regid=65534', '--clear-groups', ...reader, 'export'], readerEnv);
      reads++;
      const rows = r.stdout.split('\n').filter(Boolean).length;
      if (r.code !== 0) failed++;
      else if ((rows - SEED) % BATCH !== 0) torn++;
      if ((r.code !== 0 || (rows - SEED) % BATCH !== 0) && !firstProblem) firstProblem = r.stderr.trim().split('\n')[0] || `${rows} rows`;
    }
  })();
  for (let b = 0; b < BATCHES; b++) await finished(binary, ['import', facts(BATCH, `batch${b}`)], env);
  writing = false;
  await readers;
  return [`${reads} reads, ${failed} failed, ${torn} torn`, `${BATCHES} imports of ${BATCH}${firstProblem ? `, first: ${firstProblem}` : ''}`];
}
