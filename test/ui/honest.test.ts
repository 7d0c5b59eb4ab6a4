// The viewer tells the truth at scale and on a phone (issue 37), in real Chromium at 360, 390 and 1280 px:
// a search says how many it found and pages through them, a refused save stays said through a
// refresh, Undo is on screen, closing a fact keeps the place in the list, the Changes tab pages,
// the scope filter means what its label says, a corrected word is said, long facts are clamped,
// a page past the end and an unknown fact say so.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { git } from '../helpers.js';
import { CHROMIUM, openPage, rowIds } from './chromium.js';
import { viewer } from './viewer.js';

const SHOT_DIR = process.env.MEMCUE_SHOT_DIR;
const LONG = `The staging cluster's backup policy, in full: ${'every night at two the database is copied to the bucket, checked, and kept for thirty days; '.repeat(20)}`.slice(0, 2000);

/** `n` facts about the staging cluster (export's row form, one second apart), one of them 2,000 characters long. */
function facts(n: number): string {
  const lines = [];
  for (let i = 0; i < n; i++) {
    const text = i === n - 1 ? LONG : `Fact ${i} about the staging cluster and postgres backups, number ${i}`;
    const row = { id: `fact${String(i).padStart(6, '0')}`, version: 1, created_at: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(), host: 'testhost' };
    lines.push(JSON.stringify({ ...row, text, kind: 'note', scope: 'global' }));
  }
  return lines.join('\n');
}

const text = (page: Page, sel: string) => page.textContent(sel);
const shot = async (page: Page, name: string) => {
  if (SHOT_DIR) await page.screenshot({ path: join(SHOT_DIR, name) });
};

describe.skipIf(!CHROMIUM)('the viewer is honest at scale and on a phone', () => {
  it.each([[360, 740], [390, 844], [1280, 800]])('at %i px', async (width, height) => {
    const { run, url, env } = await viewer();
    // The viewer runs in a clone of github.com/acme/app: its default is that repo + machine + global.
    const cwd = join(env.HOME!, 'work');
    git(cwd, 'init', '-q');
    git(cwd, 'remote', 'add', 'origin', 'git@github.com:acme/app.git');
    expect((await run.stdin(facts(250), 'import', '-')).code).toBe(0);
    const own = (await run('add', 'use pnpm in acme/app, never npm')).stdout.trim();
    const other = (await run('add', '--scope', 'repo:github.com/acme/other', 'the other repo deploys with helm')).stdout.trim();
    const { page, problems } = await openPage(url, width, height);

    // 5. The default is the CLI's in a repo: this repo, this machine and global (not the other repo).
    expect(await page.$eval('select[name=in]', (s) => (s as HTMLSelectElement).selectedOptions[0]!.textContent)).toBe('this repo + machine + global');
    expect(await text(page, '#count')).toBe('1–100 of 251 facts');
    expect(await rowIds(page)).not.toContain(other);
    // A repo chosen in the filter is that repo alone, as its label says.
    await page.selectOption('select[name=in]', 'repo:github.com/acme/app');
    await expect.poll(() => text(page, '#count'), { timeout: 20_000 }).toBe('1–1 of 1 fact');
    expect(await rowIds(page)).toEqual([own]);
    await page.selectOption('select[name=in]', 'all');
    await expect.poll(() => text(page, '#count'), { timeout: 20_000 }).toBe('1–100 of 252 facts');

    // 1. A search says how many it found (the 2,000-character fact falls under the cut-off, as in the
    // CLI) and pages through them; the pager is at the bottom too.
    await page.fill('input[name=q]', 'staging cluster');
    await expect.poll(() => text(page, '#count'), { timeout: 20_000 }).toBe('1–100 of 249 matching facts, best first');
    expect(await page.$('#next-bottom')).not.toBeNull();
    await page.click('#next-bottom');
    await expect.poll(() => text(page, '#count'), { timeout: 20_000 }).toBe('101–200 of 249 matching facts, best first');
    expect(await rowIds(page)).toHaveLength(100);

    // 6. A misspelt word is said, as the CLI says it.
    await page.fill('input[name=q]', 'postgress');
    await page.waitForSelector('#meant');
    expect(await text(page, '#meant')).toContain('No facts match postgress; showing postgres (did you mean postgres?)');

    // 7. A long fact is clamped in the list, and the edit box is sized for it.
    await page.fill('input[name=q]', '');
    await expect.poll(() => text(page, '#count'), { timeout: 20_000 }).toBe('1–100 of 252 facts');
    const longRow = await page.$eval('li.fact[data-id="fact000249"] .text', (el) => el.getBoundingClientRect().height);
    expect(longRow).toBeLessThan(70); // three lines, not thirty
    // 3. On a phone, Undo after Forget is on screen, and closing the fact comes back to its row.
    await page.click('li.fact[data-id="fact000249"] a');
    await page.waitForSelector('#detail textarea');
    const box = await page.$eval('#detail textarea', (el) => el.getBoundingClientRect().height);
    expect(box).toBeGreaterThan(200);
    await page.click('#close');
    await page.waitForSelector('#detail', { state: 'detached' });
    // A low row, scrolled to as a thumb would: closing it comes back there, not to the top.
    await page.$eval('#facts li.fact:nth-child(90)', (el) => el.scrollIntoView({ block: 'center' }));
    const before = await page.evaluate(() => scrollY);
    expect(before).toBeGreaterThan(1000);
    await page.click('#facts li.fact:nth-child(90) a');
    await page.waitForSelector('#detail textarea');
    await page.click('#close');
    await page.waitForSelector('#detail', { state: 'detached' });
    expect(Math.abs((await page.evaluate(() => scrollY)) - before)).toBeLessThan(5);
    await page.click('#facts li.fact:nth-child(90) a');
    await page.waitForSelector('#detail textarea');
    await page.click('#forget');
    await page.click('.confirm button.danger');
    await page.waitForSelector('#undo');
    const undo = await page.$eval('#undo', (el) => { const r = el.getBoundingClientRect(); return { top: r.top, bottom: r.bottom, height: innerHeight }; });
    expect(undo.top).toBeGreaterThanOrEqual(0);
    expect(undo.bottom).toBeLessThanOrEqual(undo.height);
    await shot(page, `undo-${width}.png`);
    await page.click('#undo');

    // 2. A refused save stays said through the refresh another writer causes; the draft stays.
    await page.click(`li.fact[data-id="${own}"] a`).catch(async () => {
      await page.goto(new URL(`?in=all&fact=${own}`, page.url()).href);
    });
    await page.waitForSelector('#detail input[name=edit-scope]');
    // The scope box shows the whole scope, also on a phone.
    expect(await page.$eval('#detail input[name=edit-scope]', (el) => (el as HTMLInputElement).scrollWidth <= (el as HTMLInputElement).clientWidth)).toBe(true);
    await page.fill('#detail input[name=edit-scope]', 'globl');
    await page.click('#save');
    await page.waitForSelector('#save-error');
    expect(await text(page, '#save-error')).toContain('Not saved: bad scope "globl"; did you mean global?');
    const added = (await run('add', '--scope', 'global', 'written by an agent meanwhile')).stdout.trim();
    await page.waitForSelector(`li.fact[data-id="${added}"]`, { timeout: 15_000 });
    expect(await page.$('#save-error')).not.toBeNull();
    expect(await page.inputValue('#detail input[name=edit-scope]')).toBe('globl');
    await shot(page, `save-error-${width}.png`);

    // 7. A page past the end and an unknown fact say so.
    await page.goto(new URL('?in=all&from=99999', page.url()).href);
    await page.waitForSelector('#last');
    expect(await text(page, '#count')).toBe('no facts past 253 facts');
    await page.click('#last');
    await expect.poll(() => text(page, '#count'), { timeout: 20_000 }).toBe('201–253 of 253 facts');
    await page.goto(new URL('?fact=nosuchid', page.url()).href);
    await page.waitForSelector('#detail-missing');
    expect(await text(page, '#detail-missing')).toContain('No fact nosuchid');

    // 4. The Changes tab pages back to the first change, and shows a long text whole.
    await page.goto(new URL('?tab=log&in=all', page.url()).href);
    await page.waitForSelector('#log li');
    expect(await text(page, '#log-count')).toBe('changes 1–200 of 255, newest first');
    await page.click('#log-next');
    await expect.poll(() => text(page, '#log-count'), { timeout: 20_000 }).toBe('changes 201–255 of 255, newest first');
    expect(await page.textContent('#log')).toContain(LONG.slice(1900));
    await shot(page, `log-${width}.png`);
    expect(problems).toEqual([]);
  }, 180_000);

  // A count says what the list under it answers: never the new filter's words over the old answer's
  // numbers ("1–100 of 252 matching facts" before the search has answered), nor "0 facts" before the
  // first answer. Every text the count takes is recorded as the page draws it.
  it.each([[390, 844], [1280, 800]])('at %i px the count never labels one answer with another filter', async (width, height) => {
    const { run, url } = await viewer();
    expect((await run.stdin(facts(250), 'import', '-')).code).toBe(0);
    expect((await run('add', '--scope', 'global', 'postgres runs on port 5433 in staging')).code).toBe(0);
    const { page, problems } = await openPage(url, width, height);
    const seen = () => page.evaluate(() => (window as unknown as { seen: string[] }).seen);
    await page.evaluate(() => {
      const w = window as unknown as { seen: string[] };
      w.seen = [];
      new MutationObserver(() => {
        for (const id of ['count', 'log-count']) {
          const t = document.getElementById(id)?.textContent;
          if (t && w.seen[w.seen.length - 1] !== t) w.seen.push(t);
        }
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    await page.fill('input[name=q]', 'port 5433');
    await expect.poll(() => text(page, '#count'), { timeout: 20_000 }).toBe('1–1 of 1 matching fact, best first');
    await page.click('#tab-log');
    await expect.poll(() => text(page, '#log-count'), { timeout: 20_000 }).toBe('changes 1–200 of 251, newest first');
    await page.selectOption('select[name=via]', 'import');
    await expect.poll(() => text(page, '#log-count'), { timeout: 20_000 }).toBe('changes 1–200 of 250 made by import, newest first');
    expect(await seen()).toEqual(['1–100 of 251 facts', '1–1 of 1 matching fact, best first', 'changes 1–200 of 251, newest first', 'changes 1–200 of 250 made by import, newest first']);
    // A page opened at a place past the end shows no count until the server says how many there are.
    await page.addInitScript(() => {
      const w = window as unknown as { seen: string[] };
      w.seen = [];
      new MutationObserver(() => {
        const t = document.getElementById('count')?.textContent;
        if (t && w.seen[w.seen.length - 1] !== t) w.seen.push(t);
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    await page.goto(new URL('?from=99999', page.url()).href);
    await expect.poll(() => text(page, '#count'), { timeout: 20_000 }).toBe('no facts past 251 facts');
    expect(await seen()).toEqual(['no facts past 251 facts']);
    expect(problems).toEqual([]);
  }, 120_000);
});

