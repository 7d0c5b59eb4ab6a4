// The Changes tab after an import of 10,000 facts (issue 37, viewer item 4): the import is one batch
// ("made by import facts.jsonl", its file and count), "made by" is filtered by the server over every
// change with a true total, and an edit made before the import is reachable, from the API and in
// real Chromium at 390 and 1280 px.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CHROMIUM, openPage } from './chromium.js';
import { viewer } from './viewer.js';

/** `n` plain lines, as a user's own file would hold them (no ids: import gives them theirs). */
function plainFacts(n: number): string {
  const lines = [];
  for (let i = 0; i < n; i++) lines.push(JSON.stringify({ text: `Imported fact ${i} about the billing queue, number ${i}`, kind: 'note', scope: 'global' }));
  return `${lines.join('\n')}\n`;
}

interface Change { id: string; action: string; via: string; text: string }
interface ChangesPage { changes: Change[]; total: number; offset: number; more: boolean; imports: { name: string; added: number }[] }

/** A fact added and edited, then 10,000 facts imported from facts.jsonl: the edit is 10,001 changes back. */
async function importedAfterEdit() {
  const v = await viewer();
  const id = (await v.run('add', '--scope', 'global', 'deploys go through staging')).stdout.trim();
  expect((await v.run('edit', id, 'deploys go through staging, then canary')).code).toBe(0);
  const file = join(v.env.HOME!, 'work', 'facts.jsonl');
  writeFileSync(file, plainFacts(10_000));
  const imported = await v.run('import', 'facts.jsonl');
  expect(imported.stdout).toBe('imported 10000 fact versions\n');
  return { ...v, id };
}

describe('the Changes tab after an import of 10,000 facts', () => {
  it('the API filters by writer over every change, counts them, and pages back to the edit before the import', async () => {
    const { get, id, run } = await importedAfterEdit();
    const changes = async (query: string): Promise<ChangesPage> => {
      const res = await get(`api/changes?in=all&${query}`);
      expect(res.status, query).toBe(200);
      return (await res.json()) as ChangesPage;
    };
    const imported = await changes('by=import');
    expect(imported.total).toBe(10_000);
    expect(imported.changes).toHaveLength(200);
    expect(new Set(imported.changes.map((c) => c.via))).toEqual(new Set(['import facts.jsonl']));
    expect(imported.imports).toMatchObject([{ name: 'import facts.jsonl', added: 10_000 }]);
    // The last page of the import's changes is reached by `from`, and it is the import's too.
    const lastImported = await changes('by=import&from=9800');
    expect(lastImported.changes).toHaveLength(200);
    expect(lastImported.more).toBe(false);
    expect(lastImported.changes.every((c) => c.via === 'import facts.jsonl')).toBe(true);

    // Everything: the true total, and the oldest page holds the edit and the add made before the import.
    const all = await changes('');
    expect(all.total).toBe(10_002);
    const oldest = await changes('offset=10000');
    expect(oldest.changes.map((c) => [c.id, c.action, c.via])).toEqual([[id, 'edit', ''], [id, 'add', '']]);
    expect((await changes('by=sync')).total).toBe(0);
    expect((await changes('by=dream')).total).toBe(0);

    // The log endpoint the page used before answers the same; an unknown writer is a one-line refusal.
    expect(((await (await get('api/log?in=all&by=import')).json()) as ChangesPage).total).toBe(10_000);
    const bad = await get('api/changes?by=imports');
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toBe('unknown writer "imports"; did you mean import? (made by one of: dream, migrate, import, sync)');
    expect(await run('log', '--by', 'Import')).toMatchObject({ code: 1, stdout: '', stderr: 'memcue: unknown writer "Import"; did you mean import? (made by one of: dream, migrate, import, sync)\n' });

    // Figures, not assertions (a shared machine's wall time): the server's CPU for one page (it runs in this process).
    const cpuMs = async (query: string) => {
      const before = process.cpuUsage();
      await changes(query);
      const used = process.cpuUsage(before);
      return ((used.user + used.system) / 1000).toFixed(1);
    };
    console.log(`Changes tab at 10,002 changes: the server's CPU for a page of 200: ${await cpuMs('')} ms (newest), ${await cpuMs('by=import')} ms (made by import), ${await cpuMs('by=import&from=9800')} ms (its last page), ${await cpuMs('offset=10000')} ms (the oldest), ${await cpuMs('by=dream')} ms (made by dream: none of 10,002)`);

    // The CLI names the import too, and filters by it.
    const log = await run('log', '--by', 'import', '-n', '2');
    expect(log.stdout.split('\n').filter(Boolean).every((line) => line.includes(' add (import facts.jsonl) "Imported fact'))).toBe(true);
    expect((await run('log', '-n', '1', '--since', '2000-01-01', id)).stdout).toContain(' edit ');
  }, 120_000);

  it('an import that wrote nothing is no batch; a second import is its own', async () => {
    const { get, run, env } = await viewer();
    const file = join(env.HOME!, 'work', 'few.jsonl');
    writeFileSync(file, plainFacts(3));
    expect((await run('import', 'few.jsonl')).stdout).toBe('imported 3 fact versions\n');
    expect((await run('import', 'few.jsonl')).stdout).toBe('imported 0 fact versions, 3 already present\n');
    expect((await run.stdin(JSON.stringify({ text: 'one more from a pipe' }), 'import', '-')).code).toBe(0);
    const page = (await (await get('api/changes?in=all&by=import')).json()) as ChangesPage;
    expect(page.total).toBe(4);
    expect(page.imports.map((i) => [i.name, i.added])).toEqual([['import stdin', 1], ['import few.jsonl', 3]]);
    expect(page.changes[0]!.via).toBe('import stdin');
    // The Changes tab names the newest ten imports and counts the rest.
    for (let i = 0; i < 10; i++) expect((await run.stdin(JSON.stringify({ text: `piped fact ${i}` }), 'import', '-')).code).toBe(0);
    const many = (await (await get('api/changes?in=all&by=import')).json()) as ChangesPage & { import_count: number };
    expect([many.imports.length, many.import_count, many.total]).toEqual([10, 12, 14]);
  });
});

const text = (page: Page, sel: string) => page.textContent(sel);

describe.skipIf(!CHROMIUM)('the Changes tab in Chromium', () => {
  it.each([[390, 844], [1280, 800]])('at %i px: made by import, its total, and the edit before it', async (width, height) => {
    const { url, id } = await importedAfterEdit();
    const { page, problems } = await openPage(url, width, height);
    await page.click('#tab-log');
    await expect.poll(() => text(page, '#log-count'), { timeout: 20_000 }).toBe('changes 1–200 of 10,002, newest first');
    await page.selectOption('select[name=via]', 'import');
    await expect.poll(() => text(page, '#log-count'), { timeout: 20_000 }).toBe('changes 1–200 of 10,000 made by import, newest first');
    expect(await text(page, '#imports')).toContain('import facts.jsonl, 10,000 fact versions');
    expect(await page.$$eval('#log .via', (els) => new Set(els.map((e) => e.textContent)).size)).toBe(1);
    // Older pages of the import, from the pager and from the URL (reload keeps the filter).
    await page.click('#log-next');
    await expect.poll(() => text(page, '#log-count'), { timeout: 20_000 }).toBe('changes 201–400 of 10,000 made by import, newest first');
    expect(page.url()).toContain('via=import');
    await page.reload();
    await expect.poll(() => text(page, '#log-count'), { timeout: 20_000 }).toBe('changes 201–400 of 10,000 made by import, newest first');

    // Every change again, and the oldest page in one click: the edit made before the import.
    await page.selectOption('select[name=via]', '');
    await expect.poll(() => text(page, '#log-count'), { timeout: 20_000 }).toBe('changes 1–200 of 10,002, newest first');
    await page.click('#log-oldest');
    await expect.poll(() => text(page, '#log-count'), { timeout: 20_000 }).toBe('changes 10,001–10,002 of 10,002, newest first');
    expect(await text(page, '#log')).toContain('deploys go through staging, then canary');
    // The buttons are on screen and the page is no wider than the screen, also on a phone.
    const fits = await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth);
    expect(fits).toBe(true);
    await page.click(`#log a:has-text("${id.slice(0, 8)}")`);
    await page.waitForSelector('#detail textarea');
    expect(await page.inputValue('#detail textarea')).toBe('deploys go through staging, then canary');

    // A page past the end says so and offers the oldest page.
    await page.goto(new URL('?tab=log&via=import&logFrom=99999', page.url()).href);
    await expect.poll(() => text(page, '#log-count'), { timeout: 20_000 }).toBe('no changes past 10,000 made by import');
    await page.click('#log-last');
    await expect.poll(() => text(page, '#log-count'), { timeout: 20_000 }).toBe('changes 9,801–10,000 of 10,000 made by import, newest first');
    expect(problems).toEqual([]);
  }, 180_000);

  // Item 4's other half: a change's texts are whole wherever the page has room (the CLI's line cuts
  // them at 60 characters), an edit's old and new text both, and a forget keeps its reason.
  it.each([[390, 844], [1280, 800]])('at %i px an edit of a long text shows both texts whole', async (width, height) => {
    const { run, url } = await viewer();
    const old = 'The staging database is Postgres 15 on db-stg.internal, port 5433, and backups run nightly at two to the acme-backups bucket';
    const now = 'The staging database moved to Postgres 16 on db-stg2.internal, port 5432; backups now run hourly to the acme-backups-eu bucket in Frankfurt';
    const id = (await run('add', '--scope', 'global', old)).stdout.trim();
    expect((await run('edit', id, '--kind', 'env', now)).code).toBe(0);
    expect((await run('log', id, '-n', '1')).stdout).toContain('…" → "…'); // the terminal's line is cut
    const { page, problems } = await openPage(`${url}`, width, height);
    await page.click('#tab-log');
    await page.waitForSelector('#log li');
    const edit = await text(page, '#log li:first-child .text');
    expect(edit).toBe(`"${old}" → "${now}"; kind note → env`);
    expect(problems).toEqual([]);
  }, 120_000);
});
