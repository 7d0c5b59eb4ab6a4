// What wrote a change, for `memcue log` and the viewer's Changes tab: the batches recorded on this
// machine (dream, migrate, their undo, import), else what the row's own fields say (rows dream or
// migrate wrote on another machine or before batches were recorded). The same answer is given per
// row (`via`) and as SQL (the `made by` filter), so a filter pages through every change it names and
// counts them, not only those on one page.
import { batchId, rowKey, type BatchKind } from '../dream/records.js';
import { appliedBatches } from '../dream/undo.js';
import { MemcueError } from '../errors.js';
import type { Fact } from '../facts/facts.js';
import type { Store } from '../store/store.js';
import { visible } from '../facts/validate.js';
import { nearest } from '../util/nearest.js';

/** What the `made by` filter takes: a batch kind, import, or rows written on other machines. */
export type Writer = BatchKind | 'import' | 'sync';
export const WRITERS: readonly Writer[] = ['dream', 'migrate', 'import', 'sync'];

/** One `memcue import`: its rows are the facts rows it inserted, a run of rowids (one transaction). */
export interface ImportRecord {
  applied_at: string;
  host: string;
  /** The file as given (`-` for standard input) and its name as shown. */
  file: string;
  /** Fact versions written, and lines already present. */
  added: number;
  skipped: number;
  first_row: number;
  last_row: number;
}

/** `--by` / `by=`: a writer, or a usage error naming them. */
export function writerOf(by: string | undefined): Writer | undefined {
  if (!by) return undefined;
  if ((WRITERS as readonly string[]).includes(by)) return by as Writer;
  const near = nearest(by, WRITERS);
  throw new MemcueError('USAGE', `unknown writer "${visible(by)}"${near ? `; did you mean ${near}?` : ''}`, `made by one of: ${WRITERS.join(', ')}`);
}

const IMPORT_KEY = 'import:applied:';

/** Records an import's rows; call inside its transaction, after its writes. Nothing written: nothing recorded. */
export function recordImport(store: Store, record: Omit<ImportRecord, 'applied_at'>): void {
  if (record.added === 0 || record.last_row < record.first_row) return;
  const full: ImportRecord = { applied_at: new Date().toISOString(), ...record };
  const id = batchId([full.applied_at, full.host, String(full.first_row), String(full.last_row)]);
  store.db.run('INSERT OR REPLACE INTO settings (key, value) VALUES (?, ?)', [IMPORT_KEY + id, JSON.stringify(full)]);
}

/** Every import recorded on this machine, newest first; a record another program spoilt is left out. */
export function importRecords(store: Store): ImportRecord[] {
  return store.db
    .all(`SELECT value FROM settings WHERE key LIKE '${IMPORT_KEY}%'`)
    .map((r) => readRecord(String(r.value)))
    .filter((r): r is ImportRecord => r !== undefined)
    .sort((a, b) => (a.applied_at < b.applied_at ? 1 : -1));
}

/** Its rows go into SQL as numbers: anything but whole numbers (and text fields) is no record. */
function readRecord(value: string): ImportRecord | undefined {
  try {
    const r = JSON.parse(value) as ImportRecord;
    const whole = [r.first_row, r.last_row, r.added, r.skipped].every(Number.isSafeInteger);
    return whole && [r.applied_at, r.host, r.file].every((f) => typeof f === 'string') ? r : undefined;
  } catch {
    return undefined;
  }
}

/** `import facts.jsonl`: an import's name in the log (the file's last part; stdin for `-`). */
export function importName(record: ImportRecord): string {
  const name = record.file === '-' ? 'stdin' : (record.file.split(/[\\/]/).pop() ?? record.file);
  return `import ${name}`;
}

/** The previous version row of `f`'s fact, in the order that decides the current version (as changes.ts PREVIOUS). */
const BEFORE_F = `p.id = f.id AND (p.version < f.version OR (p.version = f.version AND (p.created_at < f.created_at OR (p.created_at = f.created_at AND p.host < f.host))))`;
const PREV_QUOTE = `(SELECT p.quote FROM facts p WHERE ${BEFORE_F} ORDER BY p.version DESC, p.created_at DESC, p.host DESC LIMIT 1)`;
const FIRST_ROW = `NOT EXISTS (SELECT 1 FROM facts p WHERE ${BEFORE_F})`;
/** guessedWriter below, as SQL. */
const GUESSED: Record<BatchKind, string> = {
  migrate: `(substr(f.source, 1, 8) = 'migrate:' AND ${FIRST_ROW})`,
  dream: `((substr(f.source, 1, 6) = 'split:' AND ${FIRST_ROW}) OR (instr(f.quote, '(dream)') > 0 AND COALESCE(${PREV_QUOTE}, f.quote) <> f.quote))`,
};

export class Writers {
  /** Fact id + row key → `dream <batch>`, `undo migrate <batch>`, … */
  private readonly batches = new Map<string, string>();
  private readonly imports: ImportRecord[];

  constructor(private readonly store: Store) {
    for (const { kind, batch, record } of appliedBatches(store)) {
      for (const f of record.facts) this.batches.set(`${f.id} ${f.after}`, `${kind} ${batch}`);
      for (const f of record.undo_rows ?? []) this.batches.set(`${f.id} ${f.after}`, `undo ${kind} ${batch}`);
    }
    this.imports = importRecords(store);
  }

  /** What wrote `row` (its facts rowid `rowid`), `before` the version row before it; '' when unknown. */
  of(row: Fact, rowid: number, before: Fact | undefined): string {
    const batch = this.batches.get(`${row.id} ${rowKey(row)}`);
    if (batch) return batch;
    const imported = this.imports.find((r) => rowid >= r.first_row && rowid <= r.last_row);
    if (imported) return importName(imported);
    return guessedWriter(before, row);
  }

  /** The SQL condition on `f` (a facts row) that holds for the rows `of` names as made by `writer`. */
  clause(writer: Writer, host: string): { sql: string; params: (string | number)[] } {
    if (writer === 'sync') return { sql: 'f.host <> ?', params: [host] };
    const recorded = this.recordedRows();
    const ranges = this.imports.map((r) => `(f.rowid BETWEEN ${r.first_row} AND ${r.last_row})`);
    const inImport = ranges.length ? `(${ranges.join(' OR ')})` : '0';
    const recordedAll = [...recorded.values()].flat();
    if (writer === 'import') return { sql: `(${inImport} AND f.rowid NOT IN (${recordedAll.join(',')}))`, params: [] };
    // A batch's own rows and its undo's; then rows whose fields say so, unless recorded as another writer's.
    const own = recorded.get(writer) ?? [];
    return { sql: `(f.rowid IN (${own.join(',')}) OR (${GUESSED[writer]} AND NOT ${inImport} AND f.rowid NOT IN (${recordedAll.join(',')})))`, params: [] };
  }

  /** Rowids of the rows recorded by dream and migrate batches (and their undo), by kind. */
  private recordedRows(): Map<BatchKind, number[]> {
    const rows = new Map<BatchKind, number[]>([['dream', []], ['migrate', []]]);
    for (const [key, via] of this.batches) {
      const [id, version, createdAt, host] = key.split(' ');
      const found = this.store.db.get('SELECT rowid AS r FROM facts WHERE id = ? AND version = ? AND created_at = ? AND host = ?', [id!, Number(version), createdAt!, host!]);
      if (found) rows.get(via.includes('dream') ? 'dream' : 'migrate')!.push(Number(found.r));
    }
    return rows;
  }
}

/** Rows written by dream or migrate on another machine (or before batches were recorded) say so in their fields. */
function guessedWriter(before: Fact | undefined, row: Fact): string {
  if (!before && row.source.startsWith('migrate:')) return 'migrate' satisfies BatchKind;
  if (!before && row.source.startsWith('split:')) return 'dream';
  if (before && row.quote !== before.quote && row.quote.includes('(dream)')) return 'dream';
  return '';
}
