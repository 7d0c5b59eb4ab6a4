import type { Context } from '../context.js';
import { searchScopes } from '../context.js';
import { changeLine, plainChange, recentChanges } from '../audit/changes.js';
import { checkKind } from '../facts/facts.js';
import { withStore } from '../store/store.js';
import { parseSince } from '../util/dates.js';
import { json, oneLine, parseCount } from '../format.js';
import { writerOf } from '../audit/writers.js';
import { checkNamedScope, emptyMemory, scopesInUse } from './search-scope.js';

interface LogOptions {
  since?: string;
  in?: string;
  kind?: string;
  host?: string;
  by?: string;
  limit?: string;
  json?: boolean;
}

const DEFAULT_LIMIT = 30;

export async function run(ctx: Context, id: string | undefined, opts: LogOptions): Promise<void> {
  let hosts: string[] = [];
  let missing = false;
  const changes = await withStore(ctx.dbPath, false, (store) => {
    // The log covers every scope unless told otherwise: a change is worth seeing wherever it was made.
    const scopes = searchScopes(ctx, opts.in ?? 'all');
    checkNamedScope(() => scopesInUse(store), opts.in, scopes);
    missing = !store;
    if (!store) return [];
    if (opts.host !== undefined) hosts = store.db.all('SELECT DISTINCT host FROM facts ORDER BY 1').map((r) => String(r.host));
    return recentChanges(store, {
      id: id === undefined ? undefined : store.resolveId(id),
      scopes,
      kind: opts.kind === undefined ? undefined : checkKind(opts.kind),
      since: opts.since === undefined ? undefined : parseSince(opts.since),
      host: opts.host,
      by: writerOf(opts.by),
      localHost: ctx.host,
      limit: parseCount(opts.limit, '-n/--limit') ?? DEFAULT_LIMIT,
    });
  });
  if (opts.json) {
    ctx.stdout(json(changes.map(plainChange)));
    return;
  }
  if (changes.length === 0) ctx.stderr(`memcue: ${missing ? `no changes: ${emptyMemory(ctx.dbPath)}` : oneLine(noChanges(id, opts, hosts))}\n`);
  for (const c of changes) ctx.stdout(`${changeLine(c)}\n`);
}

/** The empty answer names the filters that made it empty, and the hosts when --host named none of them. */
function noChanges(id: string | undefined, opts: LogOptions, hosts: string[]): string {
  const parts = [
    id !== undefined && `of fact ${id}`,
    opts.host !== undefined && `by host ${opts.host}`,
    opts.by !== undefined && `made by ${opts.by}`,
    opts.kind !== undefined && `of kind ${opts.kind}`,
    opts.in !== undefined && `in ${opts.in}`,
    opts.since !== undefined && `since ${opts.since}`,
  ].filter(Boolean);
  if (!parts.length) return 'no changes recorded yet';
  const known = opts.host !== undefined && !hosts.includes(opts.host) ? ` (hosts with changes: ${hosts.join(', ') || 'none'})` : '';
  return `no changes ${parts.join(' ')}${known}`;
}
