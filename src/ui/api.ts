// What the viewer's page asks for, answered by the same functions the commands use: search() for a
// query (the code path of `memcue search`), Store.list for browsing, recentChanges for the log,
// editFact/forgetFact/revertFact for changes, undoBatch for a dream or migrate batch. The database is opened per request, for milliseconds,
// as every memcue command does, so hooks and other commands keep working while the viewer is open.
import { Hono, type Context as HonoContext } from 'hono';
import type { Context } from '../context.js';
import { repoScope, searchScopes } from '../context.js';
import { countChanges, recentChanges, viewerChange } from '../audit/changes.js';
import { importName, importRecords, writerOf } from '../audit/writers.js';
import { checkEdit, editFact, forgetFact } from '../audit/edit-fact.js';
import { revertFact } from '../audit/restore.js';
import { undoBatch, undoLine } from '../dream/undo.js';
import { MemcueError } from '../errors.js';
import { search } from '../search/search.js';
import type { Correction } from '../search/expand.js';
import { surfaceForm } from '../commands/search.js';
import { checkScope } from '../facts/validate.js';
import { checkKind, isState } from '../facts/facts.js';
import { fileState } from '../sqlite/header.js';
import { withStore, type ListFilter, type Store } from '../store/store.js';
import { parseSince } from '../util/dates.js';

const MAX_ROWS = 500;
/** The most results a search in the viewer pages through (`memcue search -n` has no such bound). */
const SEARCH_MAX = 5000;
/** Imports named above the Changes tab's "made by import" list; older ones are counted. */
const IMPORTS_NAMED = 10;

export function apiRoutes(ctx: Context): Hono {
  const api = new Hono();
  const read = <T>(fn: (store: Store) => T, empty: T) => withStore(ctx.dbPath, false, (store) => (store ? fn(store) : empty));
  const write = <T>(fn: (store: Store) => T) => withStore(ctx.dbPath, true, (store) => store!.writeAsync(() => fn(store!)));

  api.get('/facts', async (c) => {
    const q = c.req.query('q')?.trim() ?? '';
    const filter = listFilter(ctx, c);
    const limit = Math.min(Number(c.req.query('limit') ?? 100) || 100, MAX_ROWS);
    const offset = Math.max(0, Math.floor(Number(c.req.query('offset') ?? 0)) || 0);
    const page = await read((store) => {
      if (q) {
        // Every result up to the bound, then the page: "100 of 978" and the pages after it, as the
        // CLI would find them with a large -n; a corrected word is said as the CLI says it.
        const corrections: Correction[] = [];
        const hits = search(store, q, { ...filter, limit: SEARCH_MAX, preferScope: repoScope(ctx), onCorrection: (fix) => corrections.push(fix) });
        const meant = corrections.map((fix) => ({ word: fix.word, meant: surfaceForm(fix.term, hits) }));
        return { facts: hits.slice(offset, offset + limit), total: hits.length, meant };
      }
      return { facts: [...store.listed(filter, limit, offset)], total: store.countListed(filter), meant: [] };
    }, { facts: [], total: 0, meant: [] });
    return c.json({ ...page, offset });
  });

  // Polled by the page every few seconds: the file's state (SQLite's change counter among it) moves
  // with every commit, so an agent's write shows up without reading the database.
  api.get('/state', (c) => c.json({ state: fileState(ctx.dbPath) ?? '' }));

  api.get('/scopes', async (c) => {
    const scopes = await read((store) => store.db.all('SELECT DISTINCT f.scope AS scope FROM heads h JOIN facts f ON f.rowid = h.fact_row ORDER BY 1').map((r) => String(r.scope)), []);
    return c.json({ scopes, own: repoScope(ctx) ?? null, host: ctx.host });
  });

  api.get('/facts/:id', async (c) => {
    const found = await read((store) => {
      const id = store.resolveId(c.req.param('id'));
      return { versions: store.versions(id), changes: recentChanges(store, { id, limit: MAX_ROWS }).map(viewerChange) };
    }, undefined);
    if (!found) throw new MemcueError('NOT_FOUND', 'the memory is empty');
    return c.json(found);
  });

  api.post('/facts/:id/edit', async (c) => {
    const body = (await c.req.json()) as Record<string, unknown>;
    const edit = checkEdit(ctx, { text: str(body.text), kind: str(body.kind), scope: str(body.scope), revive: body.revive === true, fromViewer: true });
    return c.json({ fact: await write((store) => editFact(store, c.req.param('id'), edit, ctx.host)) });
  });

  api.post('/facts/:id/forget', async (c) => c.json({ fact: await write((store) => forgetFact(store, c.req.param('id'), ctx.host)) }));

  api.post('/facts/:id/revert', async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as Record<string, unknown>;
    const to = body.to === undefined ? undefined : Number(body.to);
    return c.json({ fact: await write((store) => revertFact(store, store.resolveId(c.req.param('id')), to, ctx.host).fact) });
  });

  // `memcue dream undo` / `migrate undo` from the Changes tab: the same function, one transaction.
  api.post('/batches/:kind/:batch/undo', async (c) => {
    const kind = c.req.param('kind');
    if (kind !== 'dream' && kind !== 'migrate') throw new MemcueError('USAGE', `unknown batch kind "${kind}"`);
    const report = await write((store) => undoBatch(store, kind, c.req.param('batch'), { host: ctx.host }));
    return c.json({ report, line: undoLine(report).trim() });
  });

  // The Changes tab: a page of changes, how many the filters match, and "made by" (`by`) applied here,
  // over every change, not within the page. `/changes?by=import&from=…` is the same.
  const changesPage = async (c: HonoContext) => {
    const filter = { ...listFilter(ctx, c), host: c.req.query('host') || undefined, by: writerOf(c.req.query('by')), localHost: ctx.host };
    const limit = Math.min(Number(c.req.query('limit') ?? 200) || 200, MAX_ROWS);
    const offset = Math.max(0, Math.floor(Number(c.req.query('offset') ?? c.req.query('from') ?? 0)) || 0);
    const page = await read((store) => {
      // With "made by import": the newest imports named (file, count), the others counted.
      const imports = filter.by === 'import' ? importRecords(store) : [];
      return {
        changes: recentChanges(store, { ...filter, limit, offset }).map(viewerChange),
        total: countChanges(store, filter),
        imports: imports.slice(0, IMPORTS_NAMED).map((r) => ({ at: r.applied_at, name: importName(r), added: r.added, skipped: r.skipped, host: r.host })),
        import_count: imports.length,
      };
    }, { changes: [], total: 0, imports: [], import_count: 0 });
    return c.json({ ...page, offset, more: offset + page.changes.length < page.total });
  };
  api.get('/log', changesPage);
  api.get('/changes', changesPage);

  api.onError((err, c) => {
    if (err instanceof MemcueError) {
      return c.json({ error: `${err.message}${err.hint ? ` (${err.hint})` : ''}` }, err.code === 'NOT_FOUND' ? 404 : 400);
    }
    if (err instanceof SyntaxError) return c.json({ error: 'the request body is not JSON' }, 400);
    return c.json({ error: `internal error: ${err instanceof Error ? err.message : String(err)}` }, 500);
  });
  return api;
}

/** The page's filters, checked as the commands check them: `in` (scope), `kind`, `since`, `state`. */
function listFilter(ctx: Context, c: HonoContext): ListFilter {
  const kind = c.req.query('kind');
  const since = c.req.query('since');
  const state = c.req.query('state') || 'active';
  if (state !== 'all' && !isState(state)) throw new MemcueError('USAGE', `unknown state "${state}"`);
  return {
    scopes: viewerScopes(ctx, c.req.query('in') ?? ''),
    kind: kind ? checkKind(kind) : undefined,
    since: since ? parseSince(since) : undefined,
    state: state as ListFilter['state'],
  };
}

/**
 * The scope filter: '' is the CLI's default (this repo, machine and global inside a repo, else
 * everything); a full scope (`repo:github.com/acme/app`) is that scope alone, as its label says.
 */
function viewerScopes(ctx: Context, where: string): string[] | undefined {
  if (where === '' || (where === 'repo' && !repoScope(ctx))) return searchScopes(ctx, undefined);
  if (/^(repo|machine):./.test(where)) return [checkScope(where)];
  return searchScopes(ctx, where);
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
