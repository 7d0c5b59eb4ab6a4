// The card for a context: from the cache when the database is unchanged, else from SQLite. Its size
// follows the agent that asked (budget.ts); `memcue card` gets the default.
import type { Context } from '../context.js';
import { mark } from '../util/profile.js';
import type { HookAgent } from './agents.js';
import { budgetFor, DEFAULT_BUDGET } from './budget.js';
import { composeCard, loadCardEntries, type Card } from './card.js';
import { dbFingerprint, readCachedCard, writeCachedCard } from './card-cache.js';
import { runHint } from './run-hint.js';

export async function cardFor(ctx: Context, agent?: HookAgent): Promise<Card> {
  const repoId = ctx.repo()?.id;
  const budget = budgetFor(agent);
  const note = runHint(ctx.env);
  // Cards of other budgets or with another note are other cards: they are cached under their own key.
  const cacheKey = budget === DEFAULT_BUDGET && !note ? repoId : `${repoId ?? ''}\0${budget.id}\0${note ?? ''}`;
  const seen = dbFingerprint(ctx.dbPath);
  const cached = seen === undefined ? undefined : readCachedCard(ctx.env, ctx.dbPath, cacheKey, seen);
  if (cached) return cached;
  // Loaded only on a cache miss: the store pulls in SQLite and the stemmers, which a cached card needs not.
  const { withStore } = await import('../store/store.js');
  return withStore(ctx.dbPath, false, (store) => {
    if (!store) return composeCard(repoId, [], [], { budget, note });
    const { global, repo, total } = loadCardEntries(store, repoId);
    mark('card rows read');
    const card = composeCard(repoId, global, repo, { total, budget, note });
    mark('card composed');
    // Taken while we hold the lock, so no other process can have written since the query.
    const now = dbFingerprint(ctx.dbPath);
    if (now !== undefined) writeCachedCard(ctx.env, ctx.dbPath, cacheKey, now, card);
    return card;
  });
}
