// `memcue list`: current facts, newest first. Printed whole at a terminal; to a pipe or an agent, the
// newest LIST_BOUND and one line on stderr saying how many more and how to get them (issue 32: at
// 2,280 facts agents ran `list` for every kind of a repository, 69k characters a session).
import type { Context } from '../context.js';
import { repoScope, searchScopes } from '../context.js';
import { MemcueError } from '../errors.js';
import { checkKind, isState, type Fact } from '../facts/facts.js';
import { REAL_VERSION } from '../store/heads.js';
import { filterClause } from '../store/rows.js';
import { withStore, type ListFilter, type Store } from '../store/store.js';
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
  all?: boolean;
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
  if (opts.all && opts.limit !== undefined) throw new MemcueError('USAGE', '--all and --limit ask for different things', 'use one of them');
  // Bounded only where nobody asked for a number: text to a pipe or an agent. JSON is for programs, which ask for all.
  const bound = opts.all || opts.json || opts.limit !== undefined || ctx.stdoutIsTTY ? undefined : LIST_BOUND;
  const limit = bound ?? parseCount(opts.limit, '-n/--limit');
  const own = repoScope(ctx);
  const out = new ChunkedOutput(ctx.stdout);
  // Printed as read, and with --limit only the rows printed are kept: 500k facts need no list of them.
  await withStore(ctx.dbPath, false, async (store) => {
    checkNamedScope(() => scopesInUse(store), opts.in, filter.scopes);
    if (!store) ctx.stderr(`memcue: ${emptyMemory(ctx.dbPath)}\n`);
    const facts = (opts.allVersions ? store?.listedVersions(filter, limit) : store?.listed(filter, limit)) ?? [];
    let printed = 0;
    const counted = <T>(fact: T) => (printed++, fact);
    if (opts.json) await writeJsonArray(out, mapped(facts, factJson));
    else await out.all(mapped(facts, (fact) => `${listLine(counted(fact), { showScope: fact.scope !== own, showVersion: opts.allVersions, long: opts.long })}\n`));
    if (store && bound !== undefined && printed === bound) {
      const more = (opts.allVersions ? countVersions(store, filter) : store.countListed(filter)) - printed;
      // On stderr: it reaches an agent through `memcue list | grep …` too, and stdout stays the facts.
      if (more > 0) ctx.stderr(`… ${more.toLocaleString('en-US')} more (the newest ${bound} shown): --limit N or --all for more, or \`memcue search WORDS\` to find one\n`);
    }
  });
}

/**
 * How many lines `list` prints when its output is not a terminal and no --limit or --all is given:
 * enough to see what a small memory holds, and a bounded cost in an agent's context.
 */
export const LIST_BOUND = 50;

/** Version rows a --all-versions listing holds (fact-reads.ts listedVersions, counted). */
function countVersions(store: Store, filter: ListFilter): number {
  const { where, params } = filterClause(filter);
  return Number(store.db.get(`SELECT count(*) AS n FROM facts f WHERE ${REAL_VERSION} ${where}`, params)?.n ?? 0);
}

/** `--state`: active (default), forgotten, superseded or all; with --all-versions every state by default. */
function parseState(value: string | undefined, allVersions?: boolean): ListFilter['state'] {
  if (value === undefined) return allVersions ? 'all' : 'active';
  if (value === 'all' || isState(value)) return value;
  throw new MemcueError('USAGE', `unknown state "${value}"`, 'use active, forgotten, superseded or all');
}

/** A list line: id, kind, time, (state), [scope], text; --long adds the host and (from source), which
 * repeat on most lines of one person's memory. */
function listLine(fact: Fact, opts: { showScope?: boolean; showVersion?: boolean; long?: boolean }): string {
  const when = `${fact.created_at.slice(0, 10)} ${fact.created_at.slice(11, 16)}`;
  const version = opts.showVersion ? ` v${fact.version}` : '';
  const state = fact.state === 'active' ? '' : ` (${fact.state})`;
  const scope = opts.showScope && fact.scope !== 'global' ? ` [${oneLine(fact.scope)}]` : '';
  const host = opts.long ? ` ${oneLine(fact.host)}` : '';
  const source = opts.long && fact.source ? `  (from ${oneLine(fact.source)})` : '';
  return `${fact.id}${version} ${fact.kind} ${when}${host}${state}${scope} ${oneLine(fact.text)}${source}`;
}
