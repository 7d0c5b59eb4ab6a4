import type { Context } from '../context.js';
import { searchScopes } from '../context.js';
import { changeLine, plainChange, recentChanges } from '../audit/changes.js';
import { checkKind } from '../store/facts.js';
import { withStore } from '../store/store.js';
import { parseSince } from '../util/dates.js';
import { json, parseCount } from './format.js';

interface LogOptions {
  since?: string;
  in?: string;
  kind?: string;
  host?: string;
  limit?: string;
  json?: boolean;
}

const DEFAULT_LIMIT = 30;

export async function run(ctx: Context, id: string | undefined, opts: LogOptions): Promise<void> {
  const changes = await withStore(ctx.dbPath, false, (store) => {
    if (!store) return [];
    return recentChanges(store, {
      id: id === undefined ? undefined : store.resolveId(id),
      // The log covers every scope unless told otherwise: a change is worth seeing wherever it was made.
      scopes: searchScopes(ctx, opts.in ?? 'all'),
      kind: opts.kind === undefined ? undefined : checkKind(opts.kind),
      since: opts.since === undefined ? undefined : parseSince(opts.since),
      host: opts.host,
      limit: parseCount(opts.limit, '--limit') ?? DEFAULT_LIMIT,
    });
  });
  if (opts.json) {
    ctx.stdout(json(changes.map(plainChange)));
    return;
  }
  if (changes.length === 0) ctx.stderr('memcue: no changes recorded in that range\n');
  for (const c of changes) ctx.stdout(`${changeLine(c)}\n`);
}
