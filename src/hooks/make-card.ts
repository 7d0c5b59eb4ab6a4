// The card for a context: from the cache when the database is unchanged, else from SQLite. A hook
// passes a budget: when the database cannot be read in time (a writer committing or stopped while
// committing), the last cached card is served with a note, rather than nothing.
import type { Context } from '../context.js';
import { MemcueError } from '../errors.js';
import { mark } from '../util/profile.js';
import { composeCard, loadCardEntries, type Card } from './card.js';
import { dbFingerprint, readCachedCard, readLastCard, writeCachedCard } from './card-cache.js';
import { INSTRUCTION } from './instruction.js';

export async function cardFor(ctx: Context, opts: { budgetMs?: number } = {}): Promise<Card> {
  const repoId = ctx.repo()?.id;
  const seen = dbFingerprint(ctx.dbPath);
  const cached = seen === undefined ? undefined : readCachedCard(ctx.env, ctx.dbPath, repoId, seen);
  if (cached) return cached;
  // Loaded only on a cache miss: the store pulls in SQLite and the stemmers, which a cached card needs not.
  const { withStore } = await import('../store/store.js');
  try {
    return await withStore(
      ctx.dbPath,
      false,
      (store) => {
        if (!store) return composeCard(repoId, [], []);
        const { global, repo, total } = loadCardEntries(store, repoId);
        mark('card rows read');
        const card = composeCard(repoId, global, repo, { total });
        mark('card composed');
        // Taken while we are a registered reader, so no other process can have committed since the query.
        const now = dbFingerprint(ctx.dbPath);
        if (now !== undefined) writeCachedCard(ctx.env, ctx.dbPath, repoId, now, card);
        return card;
      },
      { readTimeoutMs: opts.budgetMs },
    );
  } catch (err) {
    if (opts.budgetMs === undefined || !(err instanceof MemcueError && err.code === 'BUSY')) throw err;
    return busyCard(ctx, repoId);
  }
}

/** The last cached card (or the instruction alone) and a note saying it may be out of date. */
function busyCard(ctx: Context, repoId: string | undefined): Card {
  const last = readLastCard(ctx.env, ctx.dbPath, repoId);
  const note = last
    ? `\n(memcue: the memory is being written right now, so this card is the one from ${last.savedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC and may miss the newest facts; \`memcue search\` has them.)\n`
    : '\n(memcue: the memory is being written right now, so no card could be read in time; `memcue search` and `memcue list` work as usual.)\n';
  const card = last?.card ?? { repo: repoId ?? null, global: [], repo_facts: [], left_out: 0, more: [], text: INSTRUCTION };
  return { ...card, text: card.text + note };
}
