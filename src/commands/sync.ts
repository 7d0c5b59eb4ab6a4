import type { Context } from '../context.js';
import { MemcueError } from '../errors.js';
import { repoDirFor } from '../sync/init.js';
import { isWorkTree } from '../sync/repo.js';
import { syncRepo, type SyncReport } from '../sync/sync.js';

export async function run(ctx: Context, opts: { compact?: boolean }): Promise<void> {
  const dir = await repoDirFor(ctx);
  if (!isWorkTree(dir)) {
    throw new MemcueError('USAGE', `no memory repo at ${dir}`, 'set one up with `memcue sync init [REMOTE]`');
  }
  printReport(ctx, await syncRepo(ctx, dir, opts));
}

export function printReport(ctx: Context, r: SyncReport): void {
  for (const line of r.repaired) ctx.stderr(`memcue: repaired the memory repo: ${line}\n`);
  for (const x of r.refused) {
    ctx.stderr(`memcue: left out fact ${x.id} v${x.version} from ${x.host}: its ${x.field} looks like ${x.label} (rule ${x.rule}); not stored here, it stays in the memory repo (if it is one: rotate the secret, forget the fact on ${x.host})\n`);
  }
  const counts = `sent ${r.sent}, received ${r.received} fact versions${r.compacted ? ', compacted the journal' : ''}`;
  if (r.remote) ctx.stdout(`synced with ${r.remote}: ${counts}\n`);
  else ctx.stdout(`no remote: committed locally in ${r.dir} (${counts}); add one with \`memcue sync init URL\`\n`);
}
