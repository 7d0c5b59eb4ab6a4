import type { Context } from '../context.js';
import { repoScope, searchScopes } from '../context.js';
import { search } from '../search/search.js';
import { checkKind } from '../store/facts.js';
import { withStore } from '../store/store.js';
import { parseSince } from '../util/dates.js';
import { factLine, json, parseCount } from './format.js';

interface SearchOptions {
  limit: string;
  in?: string;
  kind?: string;
  since?: string;
  json?: boolean;
}

export async function run(ctx: Context, words: string[], opts: SearchOptions): Promise<void> {
  const filter = {
    limit: parseCount(opts.limit, '--limit'),
    scopes: searchScopes(ctx, opts.in),
    kind: opts.kind === undefined ? undefined : checkKind(opts.kind),
    since: opts.since === undefined ? undefined : parseSince(opts.since),
    preferScope: repoScope(ctx),
  };
  const hits = await withStore(ctx.dbPath, false, (store) => (store ? search(store, words.join(' '), filter) : []));
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
