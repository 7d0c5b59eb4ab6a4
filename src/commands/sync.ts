import type { Context } from '../context.js';
import { MemcueError } from '../errors.js';
import { initRepo, repoDirFor } from '../sync/init.js';
import { isWorkTree } from '../sync/repo.js';
import type { ConcurrentEdit } from '../sync/concurrent.js';
import { syncRepo, type SyncReport } from '../sync/sync.js';
import type { HeadChange } from '../sync/union.js';
import { visible } from '../facts/validate.js';
import { clip, counted } from '../format.js';

export async function run(ctx: Context, opts: { compact?: boolean }): Promise<void> {
  const dir = await repoDirFor(ctx);
  if (!isWorkTree(dir)) {
    throw new MemcueError('USAGE', `no memory repo at ${dir}`, 'set one up with `memcue sync init [REMOTE]`');
  }
  printReport(ctx, await syncRepo(ctx, dir, opts));
}

/** `memcue sync init [REMOTE]`: the memory repo made or adopted, then a sync. */
export async function init(ctx: Context, remote: string | undefined, opts: { dir?: string }): Promise<void> {
  const { dir, how } = await initRepo(ctx, remote, opts.dir);
  ctx.stdout(`memory repo ${how} at ${dir}\n`);
  // A second machine is done after this: its memory now holds what the remote had.
  printReport(ctx, await syncRepo(ctx, dir));
}

/** Most facts named one by one after a sync; the rest are counted. */
const CHANGES_SHOWN = 20;

function printReport(ctx: Context, r: SyncReport): void {
  for (const line of r.repaired) ctx.stderr(`memcue: repaired the memory repo: ${line}\n`);
  for (const x of r.refused) {
    ctx.stderr(`memcue: left out fact ${x.id} v${x.version} from ${visible(x.host)}: its ${x.field} looks like ${x.label} (rule ${x.rule}); not stored here, it stays in the memory repo (if it is one: rotate the secret, forget the fact on ${visible(x.host)})\n`);
  }
  for (const [where, why] of r.skipped) ctx.stderr(`memcue: skipped ${visible(where)}: ${visible(why)}\n`);
  const counts = `sent ${r.sent}, received ${counted(r.received, 'fact version')}${r.compacted ? ', compacted the journal' : ''}${leftOut(r)}`;
  if (r.remote) ctx.stdout(`synced with ${visible(r.remote)}: ${counts}\n`);
  else ctx.stdout(`no remote: committed locally in ${r.dir} (${counts}); add one with \`memcue sync init URL\`\n`);
  for (const edit of r.concurrent) ctx.stdout(`${concurrentLine(edit)}\n`);
  for (const c of r.changed.slice(0, CHANGES_SHOWN)) ctx.stdout(`changed by ${visible(c.host)}: ${c.id} (${describeChange(c)}; \`memcue show ${c.id}\`)\n`);
  if (r.changed.length > CHANGES_SHOWN) ctx.stdout(`changed by other hosts: ${r.changed.length - CHANGES_SHOWN} more facts\n`);
}

/** What was left out, new (said above) and said by an earlier sync (counted only: sync/said-before.ts). */
function leftOut(r: SyncReport): string {
  const where = (fresh: number, before: number) => [fresh && 'see above', before && `${before} said by an earlier sync`].filter(Boolean).join('; ');
  const skipped = r.skipped.size + r.skippedBefore;
  const refused = r.refused.length + r.refusedBefore;
  return (
    (skipped ? `, ${skipped} rows, lines or files skipped (${where(r.skipped.size, r.skippedBefore)})` : '') +
    (r.refusedBefore ? `, ${counted(refused, 'secret-looking fact version')} left out (${where(r.refused.length, r.refusedBefore)})` : '')
  );
}

function describeChange(c: HeadChange): string {
  const parts: string[] = [];
  if (c.from.kind !== c.to.kind) parts.push(`kind ${c.from.kind} → ${c.to.kind}`);
  if (c.from.scope !== c.to.scope) parts.push(`scope ${visible(c.from.scope)} → ${visible(c.to.scope)}`);
  return parts.join(', ');
}

/** `fact ab12…: version 2 was written on alpha and beta; kept beta's (the later write): "…"`. */
function concurrentLine({ id, version, hosts, kept, later }: ConcurrentEdit): string {
  const why = later ? 'the later write' : 'written at the same moment; the host name decided';
  const state = kept.state === 'active' ? '' : `, ${kept.state}`;
  return `fact ${id}: version ${version} was written on ${[...new Set(hosts)].map((h) => visible(h)).join(' and ')}; kept ${visible(kept.host)}'s (${why}${state}): "${clip(kept.text)}"`;
}
