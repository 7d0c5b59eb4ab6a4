// Keeps the search file current across memcue's own writes without rebuilding it: a write records
// which facts entered and left the index (store/write-watch.ts records them on the writer's
// connection), and after its commit writes them, with the file state it left, to the delta file.
// A search then reads the search file plus the delta (files.ts). Anything it cannot vouch for — the
// file was not current before the write, the index was rebuilt, the delta grew past a few hundred
// facts, another program committed in between — leaves no delta: the next search rebuilds the file.
import type { Database, Row } from '../sqlite/sqlite.js';
import { COLUMNS } from '../facts/facts.js';
import { toFact } from '../store/rows.js';
import type { SnapshotDoc } from './format.js';
import { buildSearchFile, indexedDocs } from './build.js';
import { SearchFile } from './reader.js';
import { encodeDelta } from './delta-file.js';
import { fileCandidates } from './file-candidates.js';
import { mark } from '../util/profile.js';
import { INDEX_VERSION, indexTerms } from '../text/tokenize.js';
import { offerIndexCopy, recordIndexChanges, takeIndexChanges, type IndexChanges, type WriteWatcher } from '../store/write-watch.js';
import { currentStamp, openBeside, readDelta, replaceFile, searchFileEnabled, snapshotFiles, unlessBroken, type Delta } from './files.js';

/** Past this many added and removed facts the next search rebuilds the file instead. */
export const MAX_DELTA = 300;

/** One write transaction's part (store/write-watch.ts; keep-current.ts registers it). */
export const deltaWriter = (realDbPath: string): WriteWatcher => new DeltaWriter(realDbPath);

class DeltaWriter implements WriteWatcher {
  private prior: Delta | undefined;
  private priorCounter = 0;
  private usable = false;
  private bulk = false;
  /** The search file `prior` extends, open from `begin` to `collect` (or `end`): the index copy reads it. */
  private file: SearchFile | undefined;

  constructor(private readonly realDbPath: string) {}

  // None of this may fail the write it rides on: an error only means no delta (the next search rebuilds).
  begin(db: Database): void {
    mark('write: opened and checked');
    unlessBroken(() => this.start(db));
    mark('search delta: begun');
  }

  collect(db: Database): void {
    mark('write: statements run');
    this.end();
    const recording = takeIndexChanges(db);
    if (recording) unlessBroken(() => this.gather(db, recording));
    mark('search delta: collected');
  }

  /**
   * After COMMIT: the delta for the state this write left. A write the delta cannot describe (a bulk
   * import, a rebuilt index) builds a new search file instead, so the next search does not have to.
   */
  commit(db: Database): void {
    mark('write: committed');
    unlessBroken(() => this.finish(db));
    mark('search delta: written');
  }

  end(): void {
    this.file?.close();
    this.file = undefined;
  }

  private start(db: Database): void {
    if (!searchFileEnabled(process.env)) return;
    this.end(); // a transaction begun again reads the files again
    const stamp = currentStamp(this.realDbPath);
    this.prior = stamp === undefined ? undefined : this.currentDelta(stamp);
    if (this.prior) this.priorCounter = counterOf(stamp!);
    // Without a current search file the write is still watched: a bulk write builds one (below).
    recordIndexChanges(db);
    const [file, prior] = [this.file, this.prior];
    // Terms of another tokenizer would not be this one's (the write then rebuilds the index anyway).
    if (file && prior && file.header.indexVersion === INDEX_VERSION) {
      offerIndexCopy(db, { candidates: (clauses, scope) => (this.file === file ? unlessBroken(() => fileCandidates(file, prior, clauses, scope)) : undefined) });
    }
  }

  /** The delta to extend for a database in state `stamp`: the existing one, or an empty one on the search file (left open in `file`). */
  private currentDelta(stamp: string): Delta | undefined {
    const files = snapshotFiles(this.realDbPath);
    const opened = openBeside(files.base, this.realDbPath);
    this.file = opened && SearchFile.open(opened);
    const header = this.file?.header;
    if (!header) return undefined;
    const delta = readDelta(files.delta, this.realDbPath);
    if (delta?.stamp === stamp && delta.base === header.id) return delta;
    return header.stamp === stamp ? { base: header.id, stamp, added: [], removed: [] } : undefined;
  }

  private gather(db: Database, recording: IndexChanges): void {
    this.bulk = recording.rebuilt || recording.added.size + recording.removed.size > MAX_DELTA;
    if (!this.prior || recording.rebuilt) return;
    const removed = new Set([...this.prior.removed, ...recording.removed]);
    // Facts added since the file was built and removed now leave the delta altogether.
    const added = this.prior.added.filter((doc) => !removed.has(doc.row));
    for (const doc of this.prior.added) if (removed.has(doc.row)) removed.delete(doc.row);
    if (added.length + recording.added.size + removed.size > MAX_DELTA) return;
    const fresh = recording.added.size ? addedDocs(db, recording) : [];
    if (!fresh) return;
    this.prior = { ...this.prior, added: [...added, ...fresh], removed: [...removed] };
    this.usable = true;
  }

  private finish(db: Database): void {
    const delta = snapshotFiles(this.realDbPath).delta;
    const stamp = currentStamp(this.realDbPath);
    if (stamp === undefined) return;
    // A bulk write (an import, a migration, a sync bringing many facts) pays for the file itself, so
    // the next search or card does not: ~0.1 s at 5k facts, ~2 s CPU at 50k.
    if (!this.prior) {
      if (this.bulk) buildSearchFile(db, this.realDbPath);
      return;
    }
    if (stamp === this.prior.stamp) return; // nothing was written: the delta still holds
    if (counterOf(stamp) !== this.priorCounter + 1) return; // another program wrote too: the next search rebuilds
    if (!this.usable) {
      buildSearchFile(db, this.realDbPath);
      return;
    }
    replaceFile(delta, encodeDelta({ ...this.prior, stamp }), this.realDbPath);
  }
}

/**
 * The docs of the rows the write added to the index, in row order: a row this write inserted is made
 * from the fact it was inserted with (its terms split again, as the index's were), the others are
 * read back (indexedDocs). Reading back an add's one row was a statement of its own, ~1 ms of its CPU.
 * A field with a lone surrogate is read back too: SQLite stores it as U+FFFD.
 */
function addedDocs(db: Database, recording: IndexChanges): SnapshotDoc[] | undefined {
  const known: SnapshotDoc[] = [];
  const unknown: number[] = [];
  for (const row of recording.added) {
    const fact = recording.written.get(row);
    if (fact && COLUMNS.every((c) => typeof fact[c] !== 'string' || !LONE_SURROGATE.test(fact[c]))) known.push({ row, fact: toFact(fact as unknown as Row), columns: [indexTerms(fact.text), indexTerms(fact.translation)] });
    else unknown.push(row);
  }
  const read = unknown.length ? indexedDocs(db, unknown) : [];
  return read && [...known, ...read].sort((a, b) => a.row - b.row);
}

const LONE_SURROGATE = /\p{Cs}/u;

/** SQLite's change counter, the last field of the state. */
function counterOf(stamp: string): number {
  return Number(stamp.slice(stamp.lastIndexOf(' ') + 1));
}
