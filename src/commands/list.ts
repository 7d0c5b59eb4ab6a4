import type { Context } from '../context.js';
import { repoScope, searchScopes } from '../context.js';
import { MemcueError } from '../errors.js';
import { checkKind, isState, type Fact } from '../store/facts.js';
import { withStore, type ListFilter } from '../store/store.js';
import { parseSince } from '../util/dates.js';
import { oneLine, parseCount } from './format.js';
import { ChunkedOutput, mapped, writeJsonArray } from './stream-out.js';

interface ListOptions {
  kind?: string;
  in?: string;
  since?: string;
  state?: string;
  allVersions?: boolean;
  limit?: string;
  json?: boolean;
}

export async function run(ctx: Context, opts: ListOptions): Promise<void> {
  const filter: ListFilter = {
    scopes: searchScopes(ctx, opts.in),
    kind: opts.kind === undefined ? undefined : checkKind(opts.kind),
    since: opts.since === undefined ? undefined : parseSince(opts.since),
    state: parseState(opts.state, opts.allVersions),
  };
  const limit = parseCount(opts.limit, '--limit');
  const own = repoScope(ctx);
  const out = new ChunkedOutput(ctx.stdout);
  // Printed as read, and with --limit only the rows printed are kept: 500k facts need no list of them.
  await withStore(ctx.dbPath, false, async (store) => {
    const facts = (opts.allVersions ? store?.listedVersions(filter, limit) : store?.listed(filter, limit)) ?? [];
    if (opts.json) await writeJsonArray(out, facts);
    else await out.all(mapped(facts, (fact) => `${listLine(fact, { showScope: fact.scope !== own, showVersion: opts.allVersions })}\n`));
  });
}

/** `--state`: active (default), forgotten, superseded or all; with --all-versions every state by default. */
function parseState(value: string | undefined, allVersions?: boolean): ListFilter['state'] {
  if (value === undefined) return allVersions ? 'all' : 'active';
  if (value === 'all' || isState(value)) return value;
  throw new MemcueError('USAGE', `unknown state "${value}"`, 'use active, forgotten, superseded or all');
}

/** A list line says when, where and from what a fact came: id, kind, time, host, [scope], text, (source). */
export function listLine(fact: Fact, opts: { showScope?: boolean; showVersion?: boolean }): string {
  const when = `${fact.created_at.slice(0, 10)} ${fact.created_at.slice(11, 16)}`;
  const version = opts.showVersion ? ` v${fact.version}` : '';
  const state = fact.state === 'active' ? '' : ` (${fact.state})`;
  const scope = opts.showScope && fact.scope !== 'global' ? ` [${fact.scope}]` : '';
  const source = fact.source ? `  (from ${oneLine(fact.source)})` : '';
  return `${fact.id}${version} ${fact.kind} ${when} ${fact.host}${state}${scope} ${oneLine(fact.text)}${source}`;
}
