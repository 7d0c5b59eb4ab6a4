// `npx bun bench/sync-growth.ts`: how big the git history of the memory gets. 1,000 `memcue add`s with
// a sync every 10, against a local bare remote, two ways at once on the same database:
//   naive — commit the database file itself every time (memcue.db, binary, the whole file per commit)
//   memcue sync — a journal file per sync, folded into the memcue.db snapshot every 64 syncs
// Prints du of the bare remote and the clone's .git before and after `git gc`, and sync timings.
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateFacts } from './generate.js';
import { median, printTable } from './measure.js';

const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');
const BINARY = process.env.MEMCUE_BIN ?? join(ROOT, 'dist', 'memcue');
const ADDS = Number(process.env.BENCH_ADDS ?? 1000);
const EVERY = Number(process.env.BENCH_SYNC_EVERY ?? 10);

const work = mkdtempSync(join(tmpdir(), 'memcue-growth-'));
const env = { ...process.env, HOME: work, MEMCUE_DB: join(work, 'memcue.db'), MEMCUE_HOST: 'bench', GIT_CONFIG_NOSYSTEM: '1' };
const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.email=b@example.com', '-c', 'user.name=bench', ...args], { cwd, env, stdio: 'pipe' });
const memcue = (...args: string[]) => {
  const r = spawnSync(BINARY, args, { env, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`memcue ${args.join(' ')}: ${r.stderr}`);
};
const kb = (path: string) => Number(execFileSync('du', ['-sk', path], { encoding: 'utf8' }).split('\t')[0]);
const human = (k: number) => (k >= 1024 ? `${(k / 1024).toFixed(1)} MB` : `${k} KB`);

try {
  // memcue sync's own repo and remote.
  const syncRemote = join(work, 'sync-remote.git');
  git(work, 'init', '--quiet', '--bare', syncRemote);
  memcue('sync', 'init', syncRemote);
  const syncClone = join(work, 'sync');
  // The naive way: the database file committed and pushed as it is.
  const naiveRemote = join(work, 'naive-remote.git');
  const naiveClone = join(work, 'naive');
  git(work, 'init', '--quiet', '--bare', naiveRemote);
  git(work, 'clone', '--quiet', naiveRemote, naiveClone);
  mkdirSync(naiveClone, { recursive: true });

  const syncMs: number[] = [];
  const facts = generateFacts(ADDS, 7);
  for (let i = 0; i < ADDS; i++) {
    memcue('add', '--kind', facts[i]!.kind, '--scope', 'global', facts[i]!.text);
    if ((i + 1) % EVERY !== 0) continue;
    const start = performance.now();
    memcue('sync');
    syncMs.push(performance.now() - start);
    copyFileSync(env.MEMCUE_DB, join(naiveClone, 'memcue.db'));
    git(naiveClone, 'add', 'memcue.db');
    git(naiveClone, 'commit', '--quiet', '-m', `sync ${i + 1}`);
    git(naiveClone, 'push', '--quiet', 'origin', 'HEAD:main');
  }

  const rows: string[][] = [];
  const measure = (label: string, remote: string, clone: string) => {
    const before = [kb(remote), kb(join(clone, '.git'))];
    git(remote, 'gc', '--quiet');
    git(clone, 'gc', '--quiet');
    const after = [kb(remote), kb(join(clone, '.git'))];
    rows.push([label, human(before[0]!), human(before[1]!), human(after[0]!), human(after[1]!)]);
  };
  measure('naive: commit memcue.db', naiveRemote, naiveClone);
  measure('memcue sync', syncRemote, syncClone);
  printTable(
    `${ADDS} adds, a sync every ${EVERY} (${ADDS / EVERY} syncs); live database ${human(Math.round(statSync(env.MEMCUE_DB).size / 1024))}`,
    ['history kept as', 'remote', 'clone .git', 'remote after gc', 'clone .git after gc'],
    rows,
  );
  const journal = readdirSync(join(syncClone, 'journal')).length;
  const snapshot = Math.round(statSync(join(syncClone, 'memcue.db')).size / 1024);
  console.log(`\nmemcue sync: median ${median(syncMs).toFixed(0)} ms per sync (max ${Math.max(...syncMs).toFixed(0)} ms); ` +
    `work tree now: memcue.db snapshot ${snapshot} KB + ${journal} journal files`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
