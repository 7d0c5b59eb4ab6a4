// `memcue sync`: send what this machine has to the memory repo (a journal file, committed), merge
// the remote's history with git (memcue.db through our merge driver), fold everything the repo has
// into the live database, push. git never touches the live database: the two meet only in short
// transactions under the database lock, so hooks that add facts during a sync lose nothing.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Env } from '../config.js';
import { MemcueError } from '../errors.js';
import type { Fact } from '../facts/facts.js';
import { withoutSecretRows, type RefusedRow } from '../facts/check-text.js';
import { holdFileLock } from '../locks/file-lock.js';
import { checkStoredRow, reasonOf } from '../facts/import-lines.js';
import { withStore } from '../store/store.js';
import { Git, gitError } from './git.js';
import { journalFiles, readJournal, writeJournal, type Skipped } from './journal.js';
import { pauseAt } from '../util/pause.js';
import { backOffAsync } from '../util/back-off.js';
import { repairRepo } from './repair.js';
import { notSaidBefore } from './said-before.js';
import { followDatabasePrivacy } from './privacy.js';
import { BRANCH, configureRepo, originUrl } from './repo.js';
import { SNAPSHOT, readSnapshot, writeSnapshot } from './snapshot.js';
import { concurrentEdits, type ConcurrentEdit } from './concurrent.js';
import { rowKey, unionRows, type HeadChange } from './union.js';

/** Journal files before they are folded into the snapshot: bounds the tree git rewrites per commit. */
export const COMPACT_AT_FILES = 64;
/** How long a sync waits for another sync of the same repo to finish. */
const SYNC_WAIT_MS = 120_000;
const PUSH_ATTEMPTS = 8;

export interface SyncTarget {
  dbPath: string;
  host: string;
  env: Env;
}

export interface SyncReport {
  dir: string;
  remote: string | undefined;
  /** Version rows this machine added to the repo. */
  sent: number;
  /** Version rows the live database received from the repo. */
  received: number;
  compacted: boolean;
  /** Facts both sides wrote the same version of: which write was kept. */
  concurrent: ConcurrentEdit[];
  pushed: boolean;
  repaired: string[];
  /** Journal lines, files or snapshot rows left out (where → why), each once however often read;
   * only those an earlier sync did not say (said-before.ts). */
  skipped: Skipped;
  /** How many more were left out as an earlier sync said. */
  skippedBefore: number;
  /** Facts whose kind or scope another host changed. */
  changed: HeadChange[];
  /** Rows from the repo left out of the live database because a field looks like a secret (the new ones, as `skipped`). */
  refused: RefusedRow[];
  refusedBefore: number;
}

export async function syncRepo(target: SyncTarget, dir: string, opts: { compact?: boolean } = {}): Promise<SyncReport> {
  followDatabasePrivacy(dir, target.dbPath); // first: a repo made before the database was made private
  const git = new Git(dir, target.env, target.host);
  const gitDir = git.run(['rev-parse', '--absolute-git-dir']);
  const scratch = join(gitDir, 'memcue', 'scratch');
  const pause = (step: string) => pauseAt(step, target.env);
  // One sync per repo at a time; the system drops a killed sync's lock.
  mkdirSync(join(gitDir, 'memcue'), { recursive: true });
  const release = await holdFileLock(join(gitDir, 'memcue', 'sync.lock'), SYNC_WAIT_MS, 'the memory repo');
  try {
    pause('locked');
    const report: SyncReport = { dir, remote: originUrl(git), sent: 0, received: 0, compacted: false, concurrent: [], pushed: false, repaired: [], skipped: new Map(), skippedBefore: 0, changed: [], refused: [], refusedBefore: 0 };
    const skipped = report.skipped;
    report.repaired = await repairRepo(git, gitDir, scratch);
    stage(git, configureRepo(git));

    report.sent = await sendLocalRows(target, git, skipped);
    pause('journal-written');
    if (opts.compact || journalFiles(dir).length >= COMPACT_AT_FILES) report.compacted = await compact(git, scratch, skipped);
    pause('compacted');
    commitStaged(git, `memcue sync from ${target.host}: +${report.sent} versions${report.compacted ? ', compacted' : ''}`);
    pause('committed');

    let failure: unknown;
    if (report.remote) {
      try {
        await exchange(git, pause);
        report.pushed = true;
        pause('pushed');
      } catch (err) {
        failure = err;
      }
    }
    // Whatever the repo got from the remote is this machine's to keep, even if the push failed.
    ({ added: report.received, changed: report.changed, concurrent: report.concurrent, refused: report.refused } = await foldIntoLive(target, dir, skipped));
    pause('folded');
    if (failure) throw failure;
    return sayOnce(report, join(gitDir, 'memcue'));
  } finally {
    release();
  }
}

/** The report with only what an earlier sync did not say; what it did is counted (said-before.ts). */
function sayOnce(report: SyncReport, folder: string): SyncReport {
  // A row of this machine's own database that cannot be sent waits for the user (edit or forget it):
  // it is said on every sync until then, not counted away.
  const ownRows: [string, string][] = [];
  const others: [string, string][] = [];
  for (const entry of report.skipped) (entry[0].startsWith(LOCAL_ROW) ? ownRows : others).push(entry);
  const skipped = notSaidBefore(join(folder, 'said-skipped.json'), others, ([where, why]) => `skipped\u0000${where}\u0000${why}`);
  const refused = notSaidBefore(join(folder, 'said-refused.json'), report.refused, (x) => `refused\u0000${x.id}\u0000${x.version}\u0000${x.host}\u0000${x.rule}`);
  return { ...report, skipped: new Map([...skipped.fresh, ...ownRows]), skippedBefore: skipped.before, refused: refused.fresh, refusedBefore: refused.before };
}
const LOCAL_ROW = 'local row ';

/** Writes the rows the live database has and the repo lacks as a new journal file; returns their count. */
async function sendLocalRows(target: SyncTarget, git: Git, skipped: Skipped): Promise<number> {
  const known = new Set((await repoRows(git.dir, skipped)).map(rowKey));
  // Read under the database lock (held for the read only); rows added after it go with the next sync.
  const local = await withStore(target.dbPath, false, (store) => (store ? [...store.rows(true)] : []));
  // A row this memcue stored before today's checks (a control character, an over-long quote) would
  // be refused by every reader, and, never being in the repo, re-sent by every sync: kept here, reported.
  const fresh = local.filter((row) => !known.has(rowKey(row)) && sendable(row, skipped));
  if (fresh.length) stage(git, [writeJournal(git.dir, target.host, fresh)]);
  return fresh.length;
}

function sendable(row: Fact, skipped: Skipped): boolean {
  try {
    checkStoredRow(row);
    return true;
  } catch (err) {
    skipped.set(`${LOCAL_ROW}${row.id} v${row.version}`, `${reasonOf(err)}; not sent (edit or forget the fact)`);
    return false;
  }
}

/** Every valid row the repo holds: the snapshot plus all journal files; the rest goes to `skipped`. */
async function repoRows(dir: string, skipped: Skipped): Promise<Fact[]> {
  return [...(await readSnapshot(dir, skipped)), ...readJournal(dir, journalFiles(dir, skipped), skipped)];
}

/** Folds every journal file into a fresh snapshot and removes them (one commit, one new blob). */
async function compact(git: Git, scratch: string, skipped: Skipped): Promise<boolean> {
  const files = journalFiles(git.dir, skipped);
  if (!files.length) return false;
  const rows = new Map<string, Fact>();
  for (const row of await repoRows(git.dir, skipped)) rows.set(rowKey(row), row);
  await writeSnapshot(git.dir, scratch, [...rows.values()]);
  git.run(['rm', '--quiet', '--force', '--', ...files]);
  stage(git, [SNAPSHOT]);
  return true;
}

/** Fetch, merge, push; when someone pushed in between, merge their commits too and push again. */
async function exchange(git: Git, pause: (step: string) => void): Promise<void> {
  // Jittered, so machines retrying at once do not collide again.
  const backOff = backOffAsync(1000, 100);
  for (let attempt = 1; ; attempt++) {
    git.run(['fetch', '--quiet', 'origin']);
    pause('fetched');
    mergeRemote(git);
    pause('merged');
    const refused = push(git);
    if (!refused) return;
    if (attempt === PUSH_ATTEMPTS) {
      throw new MemcueError('SYNC', `the remote kept moving: push refused ${PUSH_ATTEMPTS} times (last: ${refused})`, 'run `memcue sync` again');
    }
    await backOff();
  }
}

/** Merges the remote branch; memcue.db conflicts go to `memcue merge` (the driver), journal files never conflict. */
function mergeRemote(git: Git): void {
  const theirs = `refs/remotes/origin/${branch(git)}`;
  if (git.try(['rev-parse', '--verify', '--quiet', theirs]).code !== 0) return; // an empty remote
  const args = git.commitArgs(['merge', '--quiet', '--no-edit', '--no-verify', '--allow-unrelated-histories', theirs]);
  const r = git.try(args);
  if (r.code === 0) return;
  git.try(['merge', '--abort']);
  // The driver's own one-line message (e.g. a snapshot from a newer memcue) says the most.
  const ours = `${r.stdout}\n${r.stderr}`.split('\n').find((l) => l.startsWith('memcue: '));
  if (ours) throw new MemcueError('SYNC', `merging the remote's ${SNAPSHOT} failed: ${ours.slice(8)}`, 'the local memory is intact');
  throw gitError(args, r);
}

/** Pushes; returns why the remote refused our ref (it moved on, or another push held its ref lock),
 * so the caller merges again, or undefined when pushed. Other failures throw. */
function push(git: Git): string | undefined {
  const args = ['push', '--porcelain', '--no-verify', 'origin', `HEAD:refs/heads/${branch(git)}`];
  const r = git.try(args);
  if (r.code === 0) return undefined;
  const refused = /^!\s\S+\s(.*)$/m.exec(r.stdout);
  if (refused) return refused[1]!.trim();
  throw gitError(args, r);
}

/** Adds to the live database every repo row it lacks, in one transaction; returns how many, which
 * facts another host re-kinded or re-scoped, the concurrent edits those rows resolved, and the rows
 * left out as secrets (they stay in the repo, as written elsewhere; only new rows are scanned). */
async function foldIntoLive(
  target: SyncTarget,
  dir: string,
  skipped: Skipped,
): Promise<{ added: number; changed: HeadChange[]; concurrent: ConcurrentEdit[]; refused: RefusedRow[] }> {
  const rows = await repoRows(dir, skipped);
  return withStore(target.dbPath, true, (store) =>
    store!.writeAsync(() => {
      const { rows: fresh, refused } = withoutSecretRows(rows.filter((row) => !store!.hasRow(row)));
      const { added, changed } = unionRows(store!, fresh, target.host);
      pauseAt('folding', target.env);
      return { added, changed, concurrent: concurrentEdits(store!, fresh), refused };
    }),
  );
}

function branch(git: Git): string {
  const r = git.try(['symbolic-ref', '--quiet', '--short', 'HEAD']);
  return r.code === 0 ? r.stdout.trim() : BRANCH;
}

function stage(git: Git, paths: string[]): void {
  if (paths.length) git.run(['add', '--', ...paths]);
}

function commitStaged(git: Git, message: string): void {
  if (git.try(['diff', '--cached', '--quiet']).code === 0) return; // nothing to commit
  git.run(git.commitArgs(['commit', '--quiet', '--no-verify', '-m', message]));
}
