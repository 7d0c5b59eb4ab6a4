import type { Context } from '../context.js';
import { resolveScope } from '../context.js';
import { ALLOW_SECRET, checkRowSecrets, checkText } from '../store/check-text.js';
import { checkKind, newId, type Fact } from '../store/facts.js';
import { withStore } from '../store/store.js';
import { json } from './format.js';

interface AddOptions {
  kind: string;
  scope?: string;
  quote?: string;
  source?: string;
  allowSecret?: boolean;
  json?: boolean;
}

export async function run(ctx: Context, words: string[], opts: AddOptions): Promise<void> {
  const secrets = { allowSecret: opts.allowSecret, override: ALLOW_SECRET };
  const text = checkText(words.join(' '), secrets);
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
  checkRowSecrets({ quote: fact.quote, source: fact.source, scope: fact.scope }, secrets); // the text was checked above
  await withStore(ctx.dbPath, true, (store) => store!.write(() => store!.insertVersion(fact)));
  ctx.stdout(opts.json ? json(fact) : `${fact.id}\n`);
}
