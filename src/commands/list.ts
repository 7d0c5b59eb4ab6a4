import type { Context } from '../context.js';
import { repoScope, searchScopes } from '../context.js';
import { checkKind } from '../store/facts.js';
import { withStore } from '../store/store.js';
import { parseSince } from '../util/dates.js';
import { factLine, json, parseCount } from './format.js';

interface ListOptions {
  kind?: string;
  in?: string;
  since?: string;
  limit?: string;
  json?: boolean;
}

export async function run(ctx: Context, opts: ListOptions): Promise<void> {
  const filter = {
    scopes: searchScopes(ctx, opts.in),
    kind: opts.kind === undefined ? undefined : checkKind(opts.kind),
    since: opts.since === undefined ? undefined : parseSince(opts.since),
  };
  const limit = parseCount(opts.limit, '--limit');
  const facts = (await withStore(ctx.dbPath, false, (store) => store?.list(filter) ?? [])).slice(0, limit);
  if (opts.json) {
    ctx.stdout(json(facts));
    return;
  }
  const own = repoScope(ctx);
  for (const fact of facts) ctx.stdout(`${factLine(fact, { showScope: fact.scope !== own })}\n`);
}
