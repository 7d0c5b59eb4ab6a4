// node:crypto is loaded with this command only (src/util/random.ts: it costs every add ~1.5 ms in Bun).
import { createHash } from 'node:crypto';
import { createReadStream, statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Context } from '../context.js';
import { resolveScope } from '../context.js';
import { idFromBytes, type Fact } from '../facts/facts.js';
import { appearsTwice, badLine, readImportLines, type ImportLine } from '../facts/import-lines.js';
import { mergeAllSegments } from '../store/index-segments.js';
import { withStore, type Store } from '../store/store.js';
import { fileLines, linesOf } from '../util/read-lines.js';
import { cannotRead } from '../util/read-file.js';
import { clip, counted } from '../format.js';
import { findSameText, normalizeText, saysSameText } from '../audit/same-text.js';
import { garbageBound } from '../util/garbage.js';
import { mark } from '../util/profile.js';
import { recordImport } from '../audit/writers.js';
import { LineTooLong, readBounded } from '../util/line-bound.js';
import { MemcueError } from '../errors.js';

export async function run(ctx: Context, file: string, opts: { allowSecret?: boolean }): Promise<void> {
  const lines = await inputLines(ctx, file);
  const ignored = new Map<string, number>();
  const defaults = {
    scope: resolveScope(ctx, undefined),
    host: ctx.host,
    source: ctx.repo()?.id ?? '',
    allowSecret: opts.allowSecret,
    scopeWord: (word: string) => resolveScope(ctx, word),
    // A field memcue does not read is named once, with how many lines had it: never dropped in silence.
    unknownField: (name: string) => ignored.set(name, (ignored.get(name) ?? 0) + 1),
  };
  const now = new Date().toISOString();
  const { added, skipped } = await withStore(ctx.dbPath, true, (store) =>
    store!.writeAsync(() => {
      const before = store!.lastRow();
      const done = insertNew(store!, readImportLines(lines, defaults, now), before);
      // As many new rows as were there: the import's half-done index merges are finished here, not by later adds.
      if (done.added > 0 && done.added >= before) mergeAllSegments(store!.db);
      // The import is one batch in the log: "made by import facts.jsonl", its rows found by rowid.
      recordImport(store!, { host: ctx.host, file, added: done.added, skipped: done.skipped, first_row: before + 1, last_row: store!.lastRow() });
      return done;
    }),
  );
  for (const [name, lines] of ignored) {
    ctx.stderr(`memcue: import: field "${clip(name, 40)}" ignored on ${counted(lines, 'line')} (read: text, kind, scope, keywords, translation, source, quote; id, version, created_at, host, state of exported rows)\n`);
  }
  ctx.stdout(`imported ${counted(added, 'fact version')}${skipped ? `, ${skipped} already present` : ''}\n`);
}

/**
 * The id a new fact of `text` in `scope` takes when it is imported from a plain line: one id for one
 * text in one scope (as normalizeText equates texts), so importing a line again names the fact it
 * made. Two imports that cannot see each other's row by the lookup below (an index out of step with
 * the facts, issue 19.11; machines that import the same file before a sync) write versions of one
 * fact, of which one is current: never two copies.
 */
function sameTextId(scope: string, text: string): string {
  return idFromBytes(createHash('sha256').update(`${scope}\u0000${normalizeText(text)}`).digest());
}

/**
 * A plain line's fact as it is to be written, or undefined when a current active fact in its scope
 * says the same (as `add`'s "already known": whitespace and case aside). First the fact an earlier
 * import of this line made, by its id (the heads' key: nothing else is asked, so no index out of step
 * can hide it), then any other by the index (one query per line: a scan of the scope per line made a
 * 20,000-line import quadratic). A new fact takes the line's id unless another fact holds it (the
 * earlier one, since forgotten or edited).
 */
function newFact(store: Store, fact: Fact): Fact | undefined {
  const id = sameTextId(fact.scope, fact.text);
  const earlier = store.head(id);
  if (earlier && saysSameText(earlier, fact.text, fact.scope)) return undefined;
  if (findSameText(store, fact.text, fact.scope)) return undefined;
  return earlier ? fact : { ...fact, id };
}

/**
 * No line of a fact is longer: every field at its limit (validate.ts LIMITS, ~10,500 characters),
 * each written as a 12-byte surrogate-pair escape, is ~130 KB; 1 MiB leaves room for the rest.
 */
const MAX_LINE_BYTES = 1 << 20;

/**
 * A regular file is read in chunks while it is written (memory stays flat at any size). Standard
 * input and pipes are read whole first, as text (not as parsed facts), before the database is
 * locked: `memcue export | memcue import -` on one database must not wait on itself. Standard
 * input's lines are bounded as it is read (a 400 MB line once took 1.6 GB before it was refused).
 */
async function inputLines(ctx: Context, file: string): Promise<Iterable<string>> {
  if (file === '-') return linesOf(await bounded('standard input', () => ctx.readStdin(MAX_LINE_BYTES)));
  const path = resolve(ctx.cwd, file);
  if (statSync(path, { throwIfNoEntry: false })?.isFile()) return fileLines(path, undefined, MAX_LINE_BYTES);
  // A FIFO, a pipe (`import <(…)`), a device: read whole, its lines bounded as they arrive. Opening a
  // FIFO waits for its writer, as the user asked.
  return linesOf(
    await bounded(path, async () => {
      try {
        return await readBounded(createReadStream(path), MAX_LINE_BYTES);
      } catch (err) {
        throw err instanceof LineTooLong ? err : cannotRead(path, err);
      }
    }),
  );
}

async function bounded(what: string, read: () => Promise<string>): Promise<string> {
  try {
    return await read();
  } catch (err) {
    if (!(err instanceof LineTooLong)) throw err;
    throw new MemcueError('BAD_INPUT', `${what}, line ${err.line}: over ${MAX_LINE_BYTES} bytes, longer than any fact can be`, 'nothing was imported');
  }
}

/**
 * Inserts the rows not stored yet, in one transaction (the caller's): a bad line anywhere rolls all
 * of it back. Rows inserted by this import lie above `before`, which tells a row repeated in the
 * input from one already stored, and which heads to refresh, without keeping a set of either.
 */
function insertNew(store: Store, lines: Iterable<ImportLine>, before: number) {
  let added = 0;
  let skipped = 0;
  const tick = garbageBound();
  for (const { fact, line, plain } of lines) {
    tick();
    if (plain) {
      // A plain line is "here" when its scope has its text. Its row alone is written now (heads and
      // index at the end, as for version rows): a row and an index entry in turn made FTS5 flush its
      // pending terms at every row (the facts triggers open a savepoint), which doubled an import's
      // CPU. A repeat later in the file has the same id, version, time and host: rowOf sees it.
      const fresh = newFact(store, fact);
      if (!fresh || store.rowOf(fresh) !== undefined) {
        skipped++;
        continue;
      }
      // A fact under its text's id is found again by that id. One under a new id (the text's id is
      // taken by an earlier fact since forgotten or edited) is found only through the index, so its
      // head and index entry are written at once.
      if (fresh.id !== fact.id) store.insertVersionOnly(fresh);
      else store.insertVersion(fresh);
      added++;
      continue;
    }
    const row = store.rowOf(fact);
    if (row === undefined) {
      store.insertVersionOnly(fact);
      added++;
    } else if (row > before) {
      throw badLine(line, new Error(appearsTwice(fact)));
    } else {
      skipped++; // already here: import is idempotent
    }
  }
  mark('import: rows inserted');
  store.refreshHeadsAbove(before);
  return { added, skipped };
}
