import type { Context } from '../context.js';
import { MemcueError } from '../errors.js';
import { repoDirFor } from '../sync/init.js';
import { isWorkTree } from '../sync/repo.js';
import type { ConcurrentEdit } from '../sync/concurrent.js';
import { syncRepo, type SyncReport } from '../sync/sync.js';
import { clip, counted } from './format.js';

export async function run(ctx: Context, opts: { compact?: boolean }): Promise<void> {
  const dir = await repoDirFor(ctx);
  if (!isWorkTree(dir)) {
    throw new MemcueError('USAGE', `no memory repo at ${dir}`, 'set one up with `memcue sync init [REMOTE]`');
  }
  printReport(ctx, await syncRepo(ctx, dir, opts));
}

export function printReport(ctx: Context, r: SyncReport): void {
  for (const line of r.repaired) ctx.stderr(`memcue: repaired the memory repo: ${line}\n`);
  const counts = `sent ${r.sent}, received ${counted(r.received, 'fact version')}${r.compacted ? ', compacted the journal' : ''}`;
  if (r.remote) ctx.stdout(`synced with ${r.remote}: ${counts}\n`);
  else ctx.stdout(`no remote: committed locally in ${r.dir} (${counts}); add one with \`memcue sync init URL\`\n`);
  for (const edit of r.concurrent) ctx.stdout(`${concurrentLine(edit)}\n`);
}

/** `fact ab12…: version 2 was written on alpha and beta; kept beta's (the later write): "…"`. */
function concurrentLine({ id, version, hosts, kept, later }: ConcurrentEdit): string {
  const why = later ? 'the later write' : 'written at the same moment; the host name decided';
  const state = kept.state === 'active' ? '' : `, ${kept.state}`;
  return `fact ${id}: version ${version} was written on ${[...new Set(hosts)].join(' and ')}; kept ${kept.host}'s (${why}${state}): "${clip(kept.text)}"`;
}
