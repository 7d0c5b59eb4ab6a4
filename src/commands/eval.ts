import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Context } from '../context.js';
import { repoScope, searchScopes } from '../context.js';
import { MemcueError } from '../errors.js';
import { applyQrels, checkRelevant, parseFacts, parseQueries } from '../eval/dataset.js';
import { FIGURE_HEADER, figureCells, table } from '../eval/format.js';
import { terminalProgress } from '../util/progress.js';
import { loadFacts, resolveRelevant, runQueries, summarise, type QueryResult } from '../eval/run.js';
import type { SearchOptions } from '../search/search.js';
import { withStore, type Store } from '../store/store.js';
import { readTextFile } from '../util/read-file.js';
import { json, parseCount } from '../format.js';

interface EvalOptions {
  facts?: string;
  queries: string;
  qrels?: string;
  against?: string;
  in?: string;
  by?: string;
  limit?: string;
  cutoff?: string;
  json?: boolean;
}

export async function run(ctx: Context, opts: EvalOptions): Promise<void> {
  if (Boolean(opts.facts) === Boolean(opts.against)) {
    throw new MemcueError('USAGE', 'give either --facts FILE (a temporary database is built) or --against DB', 'see memcue eval --help');
  }
  // Everything is read and validated before any database is touched.
  const queries = parseQueries(readInput(ctx, opts.queries), opts.queries);
  if (opts.qrels) applyQrels(queries, readInput(ctx, opts.qrels), opts.qrels);
  const facts = opts.facts ? parseFacts(readInput(ctx, opts.facts), opts.facts) : undefined;
  const options: SearchOptions = {
    // The same filter `memcue search` builds from the same flags.
    limit: parseCount(opts.limit, '-n/--limit'),
    cutoff: parseCutoff(opts.cutoff),
    scopes: searchScopes(ctx, opts.in),
    preferScope: repoScope(ctx),
  };
  const bar = terminalProgress(ctx, 'eval');
  const runAll = (store: Store, toSetId?: (id: string) => string) =>
    runQueries(store, queries, options, toSetId, (done) => bar.update(done, queries.length));

  let results: QueryResult[];
  try {
    if (facts) {
      const ids = new Set(facts.map((f) => f.id));
      checkRelevant(queries, (id) => ids.has(id), opts.facts!);
      results = await inTemporaryDatabase(ctx, async (store) => {
        const external = await loadFacts(store, facts, ctx.host);
        return runAll(store, (id) => external.get(id) ?? id);
      });
    } else {
      const path = resolve(ctx.cwd, opts.against!);
      results = await withStore(path, false, (store) => {
        if (!store) throw new MemcueError('NOT_FOUND', `no database at ${path}`, 'give the path of a memcue database to --against');
        resolveRelevant(store, queries);
        return runAll(store);
      });
    }
  } finally {
    bar.end();
  }
  print(ctx, summarise(results, opts.by), opts);
}

/** In the caller's temp folder ($TMPDIR of its environment), removed afterwards. */
async function inTemporaryDatabase<T>(ctx: Context, fn: (store: Store) => T): Promise<T> {
  const dir = mkdtempSync(join(ctx.env.TMPDIR || tmpdir(), 'memcue-eval-'));
  try {
    return await withStore(join(dir, 'eval.db'), true, (store) => fn(store!), { quietCreate: true, readsFirst: true });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function print(ctx: Context, report: ReturnType<typeof summarise>, opts: EvalOptions): void {
  if (opts.json) {
    ctx.stdout(json(report));
    return;
  }
  const rows = Object.entries(report.by ?? {}).map(([key, f]) => [key, ...figureCells(f)]);
  rows.push(['all', ...figureCells(report.overall)]);
  ctx.stdout(table([opts.by ?? '', ...FIGURE_HEADER], rows));
  if (report.skipped) ctx.stdout(`(${report.skipped} queries without a relevant fact were left out)\n`);
}

function parseCutoff(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!(n >= 0 && n <= 1)) throw new MemcueError('USAGE', `--cutoff must be a number from 0 to 1, got "${value}"`);
  return n;
}

function readInput(ctx: Context, file: string): string {
  return readTextFile(resolve(ctx.cwd, file));
}
