import type { Context } from '../context.js';
import { repoScope, searchScopes } from '../context.js';
import { checkKind } from '../store/facts.js';
import { withStore } from '../store/store.js';
import { parseSince } from '../util/dates.js';
import { factLine, parseCount } from './format.js';
import { ChunkedOutput, mapped, writeJsonArray } from './stream-out.js';

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
  const own = repoScope(ctx);
  const out = new ChunkedOutput(ctx.stdout);
  // Printed as read, and with --limit only the rows printed are kept: 500k facts need no list of them.
  await withStore(ctx.dbPath, false, async (store) => {
    const facts = store?.listed(filter, limit) ?? [];
    if (opts.json) await writeJsonArray(out, facts);
    else await out.all(mapped(facts, (fact) => `${factLine(fact, { showScope: fact.scope !== own })}\n`));
  });
}
