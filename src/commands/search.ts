import type { Context } from '../context.js';
import { repoScope, searchScopes } from '../context.js';
import type { Correction } from '../search/expand.js';
import { cutoffFor, DEFAULT_LIMIT, search, searchLive, type Hit } from '../search/search.js';
import { fold, stemWord } from '../text/tokenize.js';
import { openLiveIndex, searchFileEnabled, unlessBroken } from '../snapshot/files.js';
import { dbFile } from '../store/db-file.js';
import { checkKind } from '../facts/validate.js';
import { parseSince } from '../util/dates.js';
import { clip, factLine, json, parseCount } from '../format.js';
import { checkNamedScope, emptyMemory, scopesInUse } from './search-scope.js';

export interface SearchCommandOptions {
  limit: string;
  in?: string;
  kind?: string;
  since?: string;
  json?: boolean;
}

export async function run(ctx: Context, words: string[], opts: SearchCommandOptions): Promise<void> {
  const limit = parseCount(opts.limit, '-n/--limit');
  const filter = {
    limit,
    cutoff: cutoffFor(limit ?? DEFAULT_LIMIT),
    scopes: searchScopes(ctx, opts.in),
    kind: opts.kind === undefined ? undefined : checkKind(opts.kind),
    since: opts.since === undefined ? undefined : parseSince(opts.since),
    preferScope: repoScope(ctx),
    onCorrection: (c: Correction) => corrections.push(c),
  };
  const corrections: Correction[] = [];
  const query = words.join(' ');
  const print = (hits: Hit[], empty: boolean) => {
    for (const c of corrections) ctx.stderr(`memcue: no facts match "${clip(c.word)}"; did you mean ${surfaceForm(c.term, hits)}?\n`);
    printHits(ctx, query, hits, empty, filter.scopes !== undefined, opts);
  };
  // The search file answers without starting SQLite when it is current (src/snapshot).
  const real = dbFile(ctx.dbPath).real;
  const live = searchFileEnabled(ctx.env) ? openLiveIndex(real) : undefined;
  if (live) {
    checkNamedScope(() => live.scopesInUse, opts.in, filter.scopes);
    const hits = unlessBroken(() => searchLive(live, query, filter));
    if (hits) return print(hits, false);
    corrections.length = 0;
  }
  // Loaded only now: the store (and SQLite behind it) is what the search file spares a search.
  const [{ withStore }, { buildSearchFile }] = await Promise.all([import('../store/store.js'), import('../snapshot/build.js')]);
  await withStore(ctx.dbPath, false, (store) => {
    checkNamedScope(() => scopesInUse(store), opts.in, filter.scopes);
    print(store ? search(store, query, filter) : [], !store);
    // Written after the answer is out: the next search reads it instead of starting SQLite.
    if (store && searchFileEnabled(ctx.env)) buildSearchFile(store.db, store.file.real);
  });
}

function printHits(ctx: Context, query: string, hits: Hit[], empty: boolean, narrowed: boolean, opts: SearchCommandOptions): void {
  // Say why nothing came back (on stderr: stdout stays parseable), so no result is never silent.
  if (!hits.length) ctx.stderr(`memcue: ${noMatch(query, empty ? ctx.dbPath : undefined, narrowed, opts)}\n`);
  if (opts.json) {
    const shaped = hits.map(({ id, version, text, kind, scope, source, created_at, score }) => ({
      id, version, text, kind, scope, source, created_at, score: Number(score.toPrecision(4)),
    }));
    ctx.stdout(json(shaped));
    return;
  }
  const own = repoScope(ctx);
  for (const hit of hits) ctx.stdout(`${factLine(hit, { showScope: hit.scope !== own })}\n`);
}

/** `emptyAt`: the path of a memory with no facts (a mistyped --db shows here). */
function noMatch(query: string, emptyAt: string | undefined, narrowed: boolean, opts: SearchCommandOptions): string {
  const shown = clip(query);
  if (emptyAt !== undefined) return `no facts match "${shown}": ${emptyMemory(emptyAt)}`;
  // What a person can change: the words first (a synonym, a spelling, the other language), then the filters.
  const tries = ['other words (a synonym, another spelling, the other language)', narrowed && '--in all', opts.kind !== undefined && 'no --kind', opts.since !== undefined && 'no --since'];
  return `no facts match "${shown}"; try ${tries.filter(Boolean).join(' or ')}`;
}

/** The word as a found fact writes it (`postgres` for the index term `postgr`), else the term. */
export function surfaceForm(term: string, hits: Hit[]): string {
  for (const hit of hits) {
    for (const word of fold(`${hit.text} ${hit.translation}`).match(/[\p{L}\p{N}]+/gu) ?? []) if (stemWord(word) === term) return word;
  }
  return term;
}
