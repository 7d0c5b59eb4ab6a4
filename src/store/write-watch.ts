// What rides on each write transaction beside the rows: the search file's delta (src/snapshot/delta.ts).
// The search file sits in a room above the store, so the program registers its writer here
// (snapshot/keep-current.ts) rather than the store importing it; the store records which facts
// entered and left the index.
import type { Fact } from '../facts/facts.js';
import type { Database } from '../sqlite/sqlite.js';

/**
 * One write transaction's part: `begin` first inside it (RESERVED held), `collect` after the work,
 * `commit` after COMMIT, RESERVED still held; `end` last, whether the write landed or not.
 */
export interface WriteWatcher {
  begin(db: Database): void;
  collect(db: Database): void;
  commit(db: Database): void;
  end(): void;
}

/**
 * The watcher's own copy of the index as the transaction found it (the search file and its delta,
 * current at `begin`), offered so that a question the index answers costs no FTS5 query.
 */
export interface IndexCopy {
  /**
   * The current active facts of `scope` holding a term of every clause (a clause: terms any one of
   * which will do), or more of them; undefined when the copy cannot say cheaply (then SQLite answers).
   */
  candidates(clauses: readonly (readonly string[])[], scope: string): Fact[] | undefined;
}

type WatcherFor = (realDbPath: string) => WriteWatcher;

let load: (() => Promise<WatcherFor>) | undefined;
let watcherFor: WatcherFor | undefined;

/** Every write from now on is watched by what `loader` gives (loaded when a store first opens). */
export function watchWrites(loader: () => Promise<WatcherFor>): void {
  load = loader;
  watcherFor = undefined;
}

/** Store.open: the watcher's module loaded before any transaction needs it. */
export async function loadWatcher(): Promise<void> {
  if (load && !watcherFor) watcherFor = await load();
}

export function writeWatcher(realDbPath: string): WriteWatcher | undefined {
  return watcherFor?.(realDbPath);
}

/** Which facts entered and left the index in one write transaction. */
export interface IndexChanges {
  added: Set<number>;
  removed: Set<number>;
  rebuilt: boolean;
  /** Rows this transaction inserted, with the fact each holds (as bound: the watcher need not read them back). */
  written: Map<number, Fact>;
}

const recordings = new WeakMap<Database, IndexChanges>();
const copies = new WeakMap<Database, IndexCopy>();

/** The watcher: `copy` describes `db`'s index until the transaction changes it (or takeIndexChanges ends the watch). */
export function offerIndexCopy(db: Database, copy: IndexCopy): void {
  copies.set(db, copy);
}

/**
 * The copy of `db`'s index, while the transaction has changed nothing in it (no fact entered or left,
 * not rebuilt: the copy is of the index as the transaction found it); undefined otherwise.
 */
export function indexCopy(db: Database): IndexCopy | undefined {
  const recording = recordings.get(db);
  if (!recording || recording.rebuilt || recording.added.size > 0 || recording.removed.size > 0) return undefined;
  return copies.get(db);
}

/** The watcher: from now on, record `db`'s index changes. */
export function recordIndexChanges(db: Database): void {
  recordings.set(db, { added: new Set(), removed: new Set(), rebuilt: false, written: new Map() });
}

/** The watcher: what was recorded on `db` (and no more recording). */
export function takeIndexChanges(db: Database): IndexChanges | undefined {
  const recording = recordings.get(db);
  recordings.delete(db);
  copies.delete(db);
  return recording;
}

/** The store: `row` was inserted holding `fact` (inside a write transaction). */
export function rowWritten(db: Database, row: number, fact: Fact): void {
  recordings.get(db)?.written.set(row, fact);
}

/** heads.ts: `row` entered the index (inside a write transaction). */
export function indexAdded(db: Database, row: number): void {
  recordings.get(db)?.added.add(row);
}

/** heads.ts: `row` left the index. */
export function indexRemoved(db: Database, row: number): void {
  const recording = recordings.get(db);
  if (!recording) return;
  // A row added and removed in the same write never reaches the delta.
  if (!recording.added.delete(row)) recording.removed.add(row);
}

/** The whole index was rebuilt (the delta cannot describe that). */
export function indexRebuilt(db: Database): void {
  const recording = recordings.get(db);
  if (recording) recording.rebuilt = true;
}
