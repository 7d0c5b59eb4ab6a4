// The card for a context: from the cache when the database is unchanged, else from SQLite.
import type { Context } from '../context.js';
import { mark } from '../util/profile.js';
import { composeCard, loadCardEntries, type Card } from './card.js';
import { dbFingerprint, readCachedCard, writeCachedCard } from './card-cache.js';

export async function cardFor(ctx: Context): Promise<Card> {
  const repoId = ctx.repo()?.id;
  const seen = dbFingerprint(ctx.dbPath);
  const cached = seen === undefined ? undefined : readCachedCard(ctx.env, ctx.dbPath, repoId, seen);
  if (cached) return cached;
  // Loaded only on a cache miss: the store pulls in SQLite and the stemmers, which a cached card needs not.
  const { withStore } = await import('../store/store.js');
  return withStore(ctx.dbPath, false, (store) => {
    if (!store) return composeCard(repoId, [], []);
    const { global, repo, total } = loadCardEntries(store, repoId);
    mark('card rows read');
    const card = composeCard(repoId, global, repo, { total });
    mark('card composed');
    // Taken while we hold the lock, so no other process can have written since the query.
    const now = dbFingerprint(ctx.dbPath);
    if (now !== undefined) writeCachedCard(ctx.env, ctx.dbPath, repoId, now, card);
    return card;
  });
}
