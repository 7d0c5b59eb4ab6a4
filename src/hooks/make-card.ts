// The card for a context: from the cache when the database is unchanged, else from SQLite. Its size
// follows the agent that asked (budget.ts); `memcue card` gets the default. A hook passes a time
// budget: when the database cannot be read in time (a writer committing or stopped while committing),
// the last cached card is served with a note, rather than nothing.
import type { Context } from '../context.js';
import { MemcueError } from '../errors.js';
import { mark } from '../util/profile.js';
import type { HookAgent } from './agents.js';
import { budgetFor, DEFAULT_BUDGET, type CardBudget } from './budget.js';
import { composeCard, loadCardEntries, type Card } from './card.js';
import { dbFingerprint, readCachedCard, readLastCard, writeCachedCard } from './card-cache.js';
import { INSTRUCTION } from '../install/instruction.js';
import { logHookError } from './hook-log.js';
import { codexWriteNote } from './codex-sandbox.js';
import { memoryShape } from './memory-line.js';
import { runHint } from '../install/run-hint.js';
import { dbFile } from '../store/db-file.js';

/** What a card is made of and cached under, for this context and agent. */
interface CardRequest {
  repoId: string | undefined;
  budget: CardBudget;
  note: string | undefined;
  cacheKey: string | undefined;
}

function cardRequest(ctx: Context, agent: HookAgent | undefined): CardRequest {
  const repoId = ctx.repo()?.id;
  const budget = budgetFor(agent);
  const note = [runHint(ctx.env, agent), agent === 'codex' ? codexWriteNote(ctx.env, ctx.cwd) : undefined].filter(Boolean).join('\n') || undefined;
  // Cards of other budgets or with another note are other cards: they are cached under their own key.
  const cacheKey = budget === DEFAULT_BUDGET && !note ? repoId : `${repoId ?? ''}\0${budget.id}\0${note ?? ''}`;
  return { repoId, budget, note, cacheKey };
}

/** The cached card for the database's state now (`seen`: that state, which a new card is cached under). */
function fromCache(ctx: Context, { cacheKey }: CardRequest): { card: Card | undefined; seen: string | undefined } {
  const seen = dbFingerprint(ctx.dbPath);
  return { card: seen === undefined ? undefined : readCachedCard(ctx.env, ctx.dbPath, cacheKey, seen), seen };
}

/** The cached card if the database has not changed since it was made, else undefined. Reads no SQLite. */
export function cachedCard(ctx: Context, agent?: HookAgent): Card | undefined {
  return fromCache(ctx, cardRequest(ctx, agent)).card;
}

export async function cardFor(ctx: Context, agent?: HookAgent, opts: { budgetMs?: number } = {}): Promise<Card> {
  const request = cardRequest(ctx, agent);
  const { card: cached, seen } = fromCache(ctx, request);
  if (cached) return cached;
  const { repoId, budget, note, cacheKey } = request;
  // A current search file holds every live fact: the card is made from it without starting SQLite.
  // (Loaded here, not up front: a cached card needs neither it nor the stemmers it pulls in.)
  const [{ openLiveIndex, searchFileEnabled, unlessBroken }, { liveCardEntries }, { liveVocabulary }] = await Promise.all([
    import('../snapshot/files.js'),
    import('../snapshot/card-entries.js'),
    import('../search/live-vocabulary.js'),
  ]);
  const languages = ctx.env.MEMCUE_LANGUAGES;
  const live = searchFileEnabled(ctx.env) ? openLiveIndex(dbFile(ctx.dbPath).real) : undefined;
  const entries = live && unlessBroken(() => liveCardEntries(live, repoId));
  if (entries) {
    const { global, repo, total, repoTotal } = entries;
    const memory = memoryShape(live!.docs, liveVocabulary(live!), languages);
    const card = composeCard(repoId, global, repo, { total, repoTotal, budget, note, memory });
    mark('card composed from the search file');
    // Cached only if the database is still in the state the card was read from.
    if (seen !== undefined && dbFingerprint(ctx.dbPath) === seen) writeCachedCard(ctx.env, ctx.dbPath, cacheKey, seen, card);
    return card;
  }
  // Loaded only on a cache miss: the store pulls in SQLite and the stemmers, which a cached card needs not.
  const [{ withStore }, { sqliteVocabulary }] = await Promise.all([import('../store/store.js'), import('../search/sqlite-vocabulary.js')]);
  try {
    return await withStore(
      ctx.dbPath,
      false,
      (store) => {
        if (!store) return composeCard(repoId, [], [], { budget, note, memory: memoryShape(0, undefined, languages) });
        const { global, repo, total, repoTotal } = loadCardEntries(store, repoId);
        mark('card rows read');
        const facts = Number(store.db.get('SELECT count(*) AS n FROM fact_index_docsize')?.n ?? 0);
        const memory = memoryShape(facts, sqliteVocabulary(store.db), languages);
        const card = composeCard(repoId, global, repo, { total, repoTotal, budget, note, memory });
        mark('card composed');
        // Taken while this read still holds SQLite's read lock, so no other process can have committed since the query.
        const now = dbFingerprint(ctx.dbPath);
        if (now !== undefined) writeCachedCard(ctx.env, ctx.dbPath, cacheKey, now, card);
        return card;
      },
      { readTimeoutMs: opts.budgetMs },
    );
  } catch (err) {
    if (opts.budgetMs === undefined || !(err instanceof MemcueError)) throw err;
    if (err.code === 'BUSY') return lastCard(ctx, repoId, cacheKey, busyNote);
    // A file this user may not read, or a hot journal no one here may roll back (read-only disk):
    // the session must not start with silence, which looks like an empty memory.
    if (err.code !== 'READONLY' && err.code !== 'DISK_FULL') throw err;
    logHookError(ctx.env, 'card', err);
    return lastCard(ctx, repoId, cacheKey, unreadableNote(err));
  }
}

/** Why no current card could be read, given the time of the cached card served instead, if any. */
type FallbackNote = (cachedAt: string | undefined) => string;

const busyNote: FallbackNote = (cachedAt) =>
  cachedAt
    ? `\n(memcue: the memory is being written right now, so this card is the one from ${cachedAt} UTC and may miss the newest facts; \`memcue search\` has them.)\n`
    : '\n(memcue: the memory is being written right now, so no card could be read in time; `memcue search` and `memcue list` work as usual.)\n';

function unreadableNote(err: MemcueError): FallbackNote {
  const why = `the memory could not be read: ${err.message}${err.hint ? `; ${err.hint}` : ''}`;
  return (cachedAt) =>
    cachedAt
      ? `\n(memcue: ${why}. So this card is the one from ${cachedAt} UTC and may miss the newest facts.)\n`
      : `\n(memcue: ${why}. Until then no card can be shown and \`memcue\` commands fail the same way.)\n`;
}

/** The last cached card (or the instruction alone) and a note saying why and that it may be out of date. */
function lastCard(ctx: Context, repoId: string | undefined, cacheKey: string | undefined, why: FallbackNote): Card {
  const last = readLastCard(ctx.env, ctx.dbPath, cacheKey);
  const note = why(last?.savedAt.toISOString().slice(0, 16).replace('T', ' '));
  const card = last?.card ?? { repo: repoId ?? null, global: [], repo_facts: [], left_out: 0, left_out_global: 0, left_out_repo: 0, more: [], text: INSTRUCTION };
  return { ...card, text: card.text + note };
}
