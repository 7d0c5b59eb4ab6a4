import type { Context } from '../context.js';
import { MemcueError } from '../errors.js';
import { withStore } from '../store/store.js';
import { readHidden } from '../text/hidden-index.js';
import { factJson, json, oneLine, shown } from '../format.js';

export async function run(ctx: Context, idOrPrefix: string, opts: { json?: boolean }): Promise<void> {
  const versions = await withStore(ctx.dbPath, false, (store) => {
    if (!store) throw new MemcueError('NOT_FOUND', `no fact with id "${idOrPrefix}" (the memory is empty)`);
    return store.versions(store.resolveId(idOrPrefix));
  });
  if (opts.json) {
    ctx.stdout(json({ ...factJson(versions[versions.length - 1]!), versions: versions.map(factJson) }));
    return;
  }
  const current = versions[versions.length - 1]!;
  const hidden = readHidden(current.translation);
  ctx.stdout(
    [
      `id:      ${current.id}`,
      `kind:    ${current.kind}`,
      `scope:   ${oneLine(current.scope)}`,
      `state:   ${current.state}`,
      `source:  ${oneLine(current.source) || '-'}`,
      ...(current.quote ? [`quote:   ${oneLine(current.quote)}`] : []),
      ...(hidden.translation ? [`translation: ${oneLine(hidden.translation)}`] : []),
      ...(hidden.keywords.length ? [`keywords: ${oneLine(hidden.keywords.join(', '))}`] : []),
      `text:    ${shown(current.text)}`,
      'versions:',
      ...versions.map((v) => `  ${v.version} ${oneLine(`${v.created_at} ${v.host}`)} ${v.state} ${v.kind} ${oneLine(v.text)}`),
    ].join('\n') + '\n',
  );
}
