import type { Context } from '../context.js';
import { repoScope, searchScopes } from '../context.js';
import { MemcueError } from '../errors.js';
import { checkKind, isState, type Fact } from '../facts/facts.js';
import { withStore, type ListFilter } from '../store/store.js';
import { parseSince } from '../util/dates.js';
import { factJson, oneLine, parseCount } from '../format.js';
import { ChunkedOutput, mapped, writeJsonArray } from './stream-out.js';
import { checkNamedScope, emptyMemory, scopesInUse } from './search-scope.js';

interface ListOptions {
  kind?: string;
  in?: string;
  since?: string;
  state?: string;
  allVersions?: boolean;
  limit?: string;
  json?: boolean;
  long?: boolean;
}

export async function run(ctx: Context, opts: ListOptions): Promise<void> {
  const filter: ListFilter = {
    scopes: searchScopes(ctx, opts.in),
    kind: opts.kind === undefined ? undefined : checkKind(opts.kind),
    since: opts.since === undefined ? undefined : parseSince(opts.since),
    state: parseState(opts.state, opts.allVersions),
  };
  const limit = parseCount(opts.limit, '-n/--limit');
  const own = repoScope(ctx);
  const out = new ChunkedOutput(ctx.stdout);
  // Printed as read, and with --limit only the rows printed are kept: 500k facts need no list of them.
  await withStore(ctx.dbPath, false, async (store) => {
    checkNamedScope(() => scopesInUse(store), opts.in, filter.scopes);
    if (!store) ctx.stderr(`memcue: ${emptyMemory(ctx.dbPath)}\n`);
    const facts = (opts.allVersions ? store?.listedVersions(filter, limit) : store?.listed(filter, limit)) ?? [];
    if (opts.json) await writeJsonArray(out, mapped(facts, factJson));
    else await out.all(mapped(facts, (fact) => `${listLine(fact, { showScope: fact.scope !== own, showVersion: opts.allVersions, long: opts.long })}\n`));
  });
}

/** `--state`: active (default), forgotten, superseded or all; with --all-versions every state by default. */
function parseState(value: string | undefined, allVersions?: boolean): ListFilter['state'] {
  if (value === undefined) return allVersions ? 'all' : 'active';
  if (value === 'all' || isState(value)) return value;
  throw new MemcueError('USAGE', `unknown state "${value}"`, 'use active, forgotten, superseded or all');
}

/** A list line: id, kind, time, (state), [scope], text; --long adds the host and (from source), which
 * repeat on most lines of one person's memory. */
export function listLine(fact: Fact, opts: { showScope?: boolean; showVersion?: boolean; long?: boolean }): string {
  const when = `${fact.created_at.slice(0, 10)} ${fact.created_at.slice(11, 16)}`;
  const version = opts.showVersion ? ` v${fact.version}` : '';
  const state = fact.state === 'active' ? '' : ` (${fact.state})`;
  const scope = opts.showScope && fact.scope !== 'global' ? ` [${oneLine(fact.scope)}]` : '';
  const host = opts.long ? ` ${oneLine(fact.host)}` : '';
  const source = opts.long && fact.source ? `  (from ${oneLine(fact.source)})` : '';
  return `${fact.id}${version} ${fact.kind} ${when}${host}${state}${scope} ${oneLine(fact.text)}${source}`;
}
