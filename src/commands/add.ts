import type { Context } from '../context.js';
import { resolveScope } from '../context.js';
import { checkText } from '../store/check-text.js';
import { checkKind, newId, type Fact } from '../store/facts.js';
import { withStore } from '../store/store.js';
import { json } from './format.js';
import { findSameText } from '../audit/same-text.js';

interface AddOptions {
  kind: string;
  scope?: string;
  quote?: string;
  source?: string;
  allowSecret?: boolean;
  json?: boolean;
}

export async function run(ctx: Context, words: string[], opts: AddOptions): Promise<void> {
  const text = checkText(words.join(' '), { allowSecret: opts.allowSecret });
  const repoId = ctx.repo()?.id;
  const fact: Fact = {
    id: newId(),
    version: 1,
    text,
    translation: '',
    kind: checkKind(opts.kind),
    scope: resolveScope(ctx, opts.scope),
    source: [repoId, opts.source].filter(Boolean).join(' '),
    quote: opts.quote ?? '',
    created_at: new Date().toISOString(),
    host: ctx.host,
    state: 'active',
  };
  const known = await withStore(ctx.dbPath, true, (store) =>
    store!.write(() => {
      const same = findSameText(store!, fact.text, fact.scope);
      if (!same) store!.insertVersion(fact);
      return same;
    }),
  );
  if (known) {
    ctx.stdout(opts.json ? json({ ...known, already_known: true }) : `already known: ${known.id}\n`);
    return;
  }
  ctx.stdout(opts.json ? json(fact) : `${fact.id}\n`);
}
