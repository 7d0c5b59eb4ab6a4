// `memcue migrate` turns file memories into facts: with --raw one note fact per paragraph, otherwise a
// batch of notes for the session's model; `memcue migrate apply` adds the facts the model extracted.
import { homedir } from 'node:os';
import type { Context } from '../context.js';
import { collectNotes, type Found } from '../migrate/collect.js';
import { applyMigrate, validateMigrateAnswer, type MigrateSummary } from '../migrate/answer.js';
import { prepareMigrate } from '../migrate/prepare.js';
import { importRaw, rawParagraphs, type RawReport } from '../migrate/raw.js';
import { parseFrom } from '../migrate/sources.js';
import { withStore } from '../store/store.js';
import { readAnswer, runUndo } from './batches.js';
import { terminalProgress } from '../util/progress.js';
import { json, parseCount } from '../format.js';

interface MigrateOptions {
  from?: string[];
  all?: boolean;
  raw?: boolean;
  dryRun?: boolean;
  budget?: string;
  limit?: string;
  json?: boolean;
}

export async function run(ctx: Context, opts: MigrateOptions): Promise<void> {
  const spec = parseFrom(opts.from, opts.all === true);
  const budget = parseCount(opts.budget, '--budget');
  const limit = parseCount(opts.limit, '--limit');
  const where = { home: ctx.env.HOME || ctx.env.USERPROFILE || homedir(), cwd: ctx.cwd };
  if (opts.dryRun) {
    // Writes nothing: not even a database file when there is none (a read of none finds no store).
    const found = await withStore(ctx.dbPath, false, (store) => collectNotes(spec, where, store?.db));
    return dryRun(ctx, found, opts.json);
  }
  const progress = terminalProgress(ctx, 'migrate');
  await withStore(ctx.dbPath, true, async (store) => {
    const found = collectNotes(spec, where, store!.db);
    for (const slug of found.unknownProjects) {
      ctx.stderr(`memcue: cannot tell which project ~/.claude/projects/${slug} belongs to; its notes default to global scope\n`);
    }
    if (found.pending.length === 0) {
      ctx.stdout(opts.json ? json(null) : nothingLeft(found));
      return;
    }
    if (opts.raw) {
      const report = await store!.writeAsync(() => importRaw(store!, found.pending, ctx.host, progress.update));
      progress.end();
      ctx.stdout(opts.json ? json(report) : rawLine(report, found));
      return;
    }
    const batch = await store!.writeAsync(() => prepareMigrate(store!.db, found.pending, { budget, limit }));
    ctx.stdout(opts.json ? batch.payload : batch.text);
  }, { readsFirst: true }).finally(() => progress.end());
}

export async function apply(ctx: Context, file: string, opts: { dryRun?: boolean; json?: boolean }): Promise<void> {
  const content = await readAnswer(ctx, 'migrate', file);
  const summary = await withStore(ctx.dbPath, !opts.dryRun, (store) => {
    const plan = validateMigrateAnswer(store!, content, ctx.host);
    if (!opts.dryRun) return store!.writeAsync(() => applyMigrate(store!, plan, ctx.host));
    return { batch: plan.batch, notes: Object.keys(plan.record.notes).length, added: plan.facts.length, already_present: 0 };
  }, { readsFirst: true });
  ctx.stdout(opts.json ? json(summary) : applyLine(summary, opts.dryRun));
}

function dryRun(ctx: Context, found: Found, asJson?: boolean): void {
  const pending = new Set(found.pending.map((n) => n.hash));
  const rows = found.notes.map((n) => ({
    note: n.id,
    path: n.display,
    from: n.file.from,
    scope: n.file.scope ?? null,
    status: pending.has(n.hash) ? 'new' : 'migrated',
    paragraphs: rawParagraphs(n).texts.length,
  }));
  if (asJson) {
    ctx.stdout(json({ notes: rows, pending: found.pending.length, migrated: found.notes.length - found.pending.length }));
    return;
  }
  const lines = rows.map((r) => `${r.status.padEnd(8)}  ${r.path}  (${r.paragraphs} paragraph${r.paragraphs === 1 ? '' : 's'}, ${r.scope ?? 'global'})`);
  const paragraphs = rows.filter((r) => r.status === 'new').reduce((sum, r) => sum + r.paragraphs, 0);
  lines.push(
    found.notes.length
      ? `${found.notes.length} notes found: ${found.pending.length} to migrate, ${found.notes.length - found.pending.length} migrated before; --raw would add up to ${paragraphs} facts; nothing was written`
      : 'no file memories found; nothing was written',
  );
  ctx.stdout(`${lines.join('\n')}\n`);
}

function nothingLeft(found: Found): string {
  return found.notes.length
    ? `nothing to migrate: all ${found.notes.length} notes found were migrated before\n`
    : 'no file memories found (Claude Code auto memory, memory/MEMORY.md, .memsearch/memory); see --from\n';
}

function rawLine(r: RawReport, found: Found): string {
  const extra = [
    r.already_present && `${r.already_present} already present`,
    r.secrets_skipped && `${r.secrets_skipped} secret-looking paragraph${r.secrets_skipped === 1 ? '' : 's'} left out`,
    found.notes.length > r.notes && `${found.notes.length - r.notes} notes migrated before`,
  ].filter(Boolean);
  return `migrated ${r.notes} notes: ${r.added} facts added${extra.length ? ` (${extra.join(', ')})` : ''}; batch ${r.batch}\n`;
}

function applyLine(s: MigrateSummary, dryRun?: boolean): string {
  if (dryRun) return `batch ${s.batch} is valid; applying it would add up to ${s.added} facts from ${s.notes} notes\n`;
  return `applied migrate batch ${s.batch}: ${s.notes} notes migrated, ${s.added} facts added${s.already_present ? `, ${s.already_present} already present` : ''}\n`;
}

/** `memcue migrate undo BATCH`: the batch's facts are forgotten and its notes offered again. */
export const undo = (ctx: Context, batch: string, opts: { force?: boolean; json?: boolean }) => runUndo(ctx, 'migrate', batch, opts);
