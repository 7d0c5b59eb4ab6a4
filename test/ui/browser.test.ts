// The viewer in a real headless Chromium (Debian's `chromium`, driven by playwright-core): load the
// page, search, open a fact, edit, forget and revert it, see the change log with dream's and another
// machine's changes, and check each change in the database through the CLI.
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers.js';
import { viewer } from './viewer.js';

const CHROMIUM = [process.env.MEMCUE_CHROMIUM, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => p && existsSync(p));
if (!CHROMIUM) console.log('SKIPPED: the viewer browser test needs Chromium (apt-get install chromium, or MEMCUE_CHROMIUM=<path>)');
/** `MEMCUE_UPDATE_SCREENSHOTS=1` rewrites the README's pictures (docs/ui-*.png) from this run. */
const SHOTS = process.env.MEMCUE_UPDATE_SCREENSHOTS === '1' ? join(ROOT, 'docs') : undefined;

let browser: Browser | undefined;
afterAll(async () => browser?.close());

async function open(url: string): Promise<Page> {
  browser ??= await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
  const page = await browser.newPage({ viewport: { width: 1100, height: 560 } });
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  await page.goto(url);
  await page.waitForSelector('#facts, #empty');
  expect(errors).toEqual([]);
  return page;
}

const rowIds = (page: Page) => page.$$eval('#facts tr.fact', (rows) => rows.map((r) => (r as HTMLElement).dataset.id));

describe.skipIf(!CHROMIUM)('memcue ui in Chromium', () => {
  it('searches, edits, forgets and reverts a fact, and shows what dream and other machines changed', async () => {
    const { run, url, env } = await viewer();
    const add = async (...argv: string[]) => (await run('add', '--scope', 'global', ...argv)).stdout.trim();
    const id = await add('--kind', 'gotcha', 'api-gw times out after 30 s on uploads; raise PROXY_TIMEOUT to 300');
    const twin = await add('--kind', 'gotcha', 'Uploads through api-gw time out at 30 seconds unless PROXY_TIMEOUT is raised');
    await add('--kind', 'rule', 'Никогда не деплоить в прод в пятницу');
    await add('--kind', 'env', 'Staging database is Postgres 16 on db-stg.internal');
    // A fact written on another machine, as sync brings it.
    const other = await run.as({ ...env, MEMCUE_HOST: 'desktop' }, 'add', '--scope', 'global', '--kind', 'env', 'CI runs on ubuntu-24.04 runners');
    // A dream batch merges the twins.
    const batch = JSON.parse((await run('dream', '--json')).stdout);
    const answer = { batch: batch.batch, decisions: [{ action: 'merge', into: id, from: [twin], text: 'api-gw times out after 30 s on uploads; raise PROXY_TIMEOUT to 300 (uploads only)' }] };
    expect((await run.stdin(JSON.stringify(answer), 'dream', 'apply', '-')).code).toBe(0);

    const page = await open(url);
    expect(await rowIds(page)).toHaveLength(4);

    // Search: the same results as `memcue search`.
    await page.fill('input[name=q]', 'upload timeout');
    await page.waitForFunction(() => document.querySelectorAll('#facts tr.fact').length === 1);
    const cliHits = JSON.parse((await run('search', 'upload', 'timeout', '--in', 'all', '--json')).stdout).map((h: { id: string }) => h.id);
    expect(await rowIds(page)).toEqual(cliHits);

    // Open it, edit the text and kind, save: a new version in the database.
    await page.click(`tr.fact[data-id="${id}"]`);
    await page.waitForSelector('#detail textarea');
    await page.fill('#detail textarea', 'api-gw times out after 60 s on uploads');
    await page.selectOption('select[name=edit-kind]', 'rule');
    await page.click('#save');
    const current = async () => JSON.parse((await run('show', id, '--json')).stdout);
    await expect.poll(async () => (await current()).text).toBe('api-gw times out after 60 s on uploads');
    expect((await current()).kind).toBe('rule');
    await page.waitForSelector('#history tr:nth-child(3)');
    if (SHOTS) await page.screenshot({ path: join(SHOTS, 'ui-facts.png') });

    // Forget, then revert to the edited version.
    await page.click('#forget');
    await expect.poll(async () => (await current()).state).toBe('forgotten');
    await page.click('button[data-revert="3"]');
    await expect.poll(async () => (await current()).version).toBe(5);
    expect(await current()).toMatchObject({ state: 'active', text: 'api-gw times out after 60 s on uploads' });

    // Filters: kind and date.
    await page.fill('input[name=q]', '');
    await page.selectOption('select[name=kind]', 'env');
    await page.waitForFunction(() => document.querySelectorAll('#facts tr.fact').length === 2);
    await page.fill('input[name=since]', '2999-01-01');
    await page.press('input[name=since]', 'Enter');
    await page.waitForSelector('#empty');

    // The log: dream's merge and the other machine's fact, filterable by what made them.
    await page.click('#tab-log');
    await page.fill('input[name=since]', '');
    await page.press('input[name=since]', 'Enter');
    await page.selectOption('select[name=kind]', '');
    await page.waitForFunction((batchId) => document.querySelector('#log')?.textContent?.includes(`dream ${batchId}`), batch.batch);
    const logText = await page.textContent('#log');
    expect(logText).toContain('revert');
    expect(logText).toContain('desktop');
    if (SHOTS) await page.screenshot({ path: join(SHOTS, 'ui-log.png') });
    await page.selectOption('select[name=via]', 'sync');
    await page.waitForFunction(() => document.querySelectorAll('#log tbody tr').length === 1);
    expect(await page.textContent('#log tbody')).toContain(other.stdout.trim().slice(0, 8));
  }, 60_000);
});
