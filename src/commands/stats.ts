import type { Context } from '../context.js';
import { withStore } from '../store/store.js';
import { json, oneLine } from '../format.js';

export interface Stats {
  facts: number;
  versions: number;
  by_kind: Record<string, number>;
  by_scope: Record<string, number>;
  bytes: number;
}

export async function run(ctx: Context, opts: { json?: boolean }): Promise<void> {
  const stats = await withStore(ctx.dbPath, false, (store): Stats => {
    if (!store) return { facts: 0, versions: 0, by_kind: {}, by_scope: {}, bytes: 0 };
    const count = (sql: string) => Number(store.db.get(sql)?.n ?? 0);
    const group = (column: 'kind' | 'scope') =>
      Object.fromEntries(
        store.db
          .all(`SELECT f.${column} AS k, count(*) AS n FROM heads h JOIN facts f ON f.rowid = h.fact_row WHERE f.state = 'active' GROUP BY 1 ORDER BY 2 DESC, 1`)
          .map((r) => [String(r.k), Number(r.n)]),
      );
    return {
      facts: count(`SELECT count(*) AS n FROM heads h JOIN facts f ON f.rowid = h.fact_row WHERE f.state = 'active'`),
      versions: count('SELECT count(*) AS n FROM facts'),
      by_kind: group('kind'),
      by_scope: group('scope'),
      bytes: store.bytes(),
    };
  });
  if (opts.json) {
    ctx.stdout(json(stats));
    return;
  }
  const lines = [
    `facts:    ${stats.facts}`,
    `versions: ${stats.versions}`,
    `bytes:    ${stats.bytes}`,
    `by kind:  ${Object.entries(stats.by_kind).map(([k, n]) => `${k} ${n}`).join(', ') || '-'}`,
    `by scope: ${Object.entries(stats.by_scope).map(([k, n]) => `${oneLine(k)} ${n}`).join(', ') || '-'}`,
  ];
  ctx.stdout(`${lines.join('\n')}\n`);
}
