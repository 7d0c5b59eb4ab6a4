import type { Context } from '../context.js';
import { repoScope, resolveScope } from '../context.js';
import { ALLOW_SECRET, checkRowSecrets, checkText } from '../facts/check-text.js';
import { checkKind, newId, type Fact } from '../facts/facts.js';
import { keywordsOption } from '../facts/check-keywords.js';
import { withStore } from '../store/store.js';
import { checkField } from '../facts/validate.js';
import { factJson, json } from '../format.js';
import { findSameText } from '../audit/same-text.js';
import { newScopeNote } from './search-scope.js';
import { InputTooLong, LineTooLong } from '../util/line-bound.js';
import { MemcueError } from '../errors.js';

export interface AddOptions {
  kind: string;
  scope?: string;
  quote?: string;
  source?: string;
  keywords?: string;
  allowSecret?: boolean;
  json?: boolean;
}

export async function run(ctx: Context, words: string[], opts: AddOptions): Promise<void> {
  // `memcue add -`: the fact is standard input (`echo text | memcue add -`, or a long text from a file).
  const given = words.length === 1 && words[0] === '-' ? await stdinText(ctx) : words.join(' ');
  const secrets = { allowSecret: opts.allowSecret, override: ALLOW_SECRET };
  const text = checkText(given, secrets);
  const repoId = ctx.repo()?.id;
  const fact: Fact = {
    id: newId(),
    version: 1,
    text,
    translation: keywordsOption(opts.keywords),
    kind: checkKind(opts.kind),
    scope: resolveScope(ctx, opts.scope),
    source: checkField('source', [repoId, opts.source].filter(Boolean).join(' ')),
    quote: checkField('quote', opts.quote ?? ''),
    created_at: new Date().toISOString(),
    host: ctx.host,
    state: 'active',
  };
  checkRowSecrets({ quote: fact.quote, source: fact.source, scope: fact.scope }, secrets); // the text was checked above
  let note: string | undefined;
  const known = await withStore(ctx.dbPath, true, (store) =>
    store!.writeAsync(() => {
      const same = findSameText(store!, fact.text, fact.scope);
      // Only a scope typed out in full can be a typo; the shorthands name real places.
      if (!same && opts.scope?.includes(':')) note = newScopeNote(store!, fact.scope, { repo: repoScope(ctx), machine: `machine:${ctx.host}` });
      if (!same) store!.insertNewFact(fact);
      return same;
    }),
  );
  // Stored all the same (a new repository's first fact is legitimate), but said where it went.
  if (note) ctx.stderr(`memcue: warning: ${note}; stored anyway (move it: memcue edit ${fact.id} --scope <scope>)\n`);
  if (known) {
    ctx.stdout(opts.json ? json({ ...factJson(known), already_known: true }) : `already known: ${known.id}\n`);
    return;
  }
  ctx.stdout(opts.json ? json(factJson(fact)) : `${fact.id}\n`);
}

/** No fact is longer than 1 MiB (its text is at most 2,000 characters): `add - < /dev/zero` once grew 600 MB in 3 s. */
const MAX_STDIN_BYTES = 1 << 20;

async function stdinText(ctx: Context): Promise<string> {
  try {
    return await ctx.readStdin(MAX_STDIN_BYTES, MAX_STDIN_BYTES);
  } catch (err) {
    if (!(err instanceof LineTooLong || err instanceof InputTooLong)) throw err;
    throw new MemcueError('BAD_INPUT', `standard input: over ${MAX_STDIN_BYTES} bytes, longer than any fact can be`, 'nothing was added');
  }
}
