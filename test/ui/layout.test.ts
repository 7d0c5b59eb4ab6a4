// The viewer's layout in real Chromium at a desktop (1280 px) and a phone (390 px) width: nothing
// wider than the window, the opened fact beside (wide) or above (narrow) the list and never over it,
// the opened fact in view after clicking a low row, the count and its pages; and 10,000 facts
// browsed a page at a time.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CHROMIUM, openPage, rowIds, SHOTS } from './chromium.js';
import { viewer } from './viewer.js';

const LONG_SCOPE = 'repo:github.com/an-organisation-with-a-long-name/and-a-repository-with-an-even-longer-name';

/**
 * `n` facts as version rows (export's form: id, version, time, host). Plain `{"text"}` lines would
 * each be looked up as "already present" first: two thirds of this file's CPU at 10,000 facts,
 * which a loaded machine turned into the test's whole time limit, for nothing the viewer shows.
 */
function facts(n: number): string {
  const lines = [];
  for (let i = 0; i < n; i++) {
    const text = i % 10 === 3
      ? `Deploy notes ${i}: https://ci.example.com/pipelines/${'x'.repeat(120)}/artifacts/build-${i}.tar.gz`
      : `Fact number ${i} about the staging cluster, its backups and who to call when the pager fires`;
    const row = { id: `fact${String(i).padStart(6, '0')}`, version: 1, created_at: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(), host: 'testhost' };
    lines.push(JSON.stringify({ ...row, text, kind: ['rule', 'gotcha', 'env', 'note'][i % 4], scope: i % 3 ? 'global' : LONG_SCOPE }));
  }
  return lines.join('\n');
}

/** What overflows the window or is covered: the page's width, controls past the right edge, and the two panels' overlap. */
async function layout(page: Page) {
  return page.evaluate(() => {
    const box = (sel: string) => document.querySelector(sel)?.getBoundingClientRect();
    const list = box('#facts, #log');
    const detail = box('#detail');
    const overlap = !!(list && detail && list.left < detail.right && detail.left < list.right && list.top < detail.bottom && detail.top < list.bottom);
    const outside = [...document.querySelectorAll('input, select, textarea, button, li')]
      .filter((el) => { const r = el.getBoundingClientRect(); return r.width > 0 && (r.right > innerWidth + 0.5 || r.left < -0.5); })
      .map((el) => `${el.tagName.toLowerCase()}[name=${el.getAttribute('name')}] ${el.id}`);
    return { width: document.documentElement.scrollWidth, window: innerWidth, overlap, outside, detailTop: detail?.top, height: innerHeight };
  });
}

describe.skipIf(!CHROMIUM)('memcue ui layout in Chromium', () => {
  it.each([[1280, 800], [390, 844], [360, 740]])('at %i px: no overflow, no overlap, the opened fact in view, the count', async (width, height) => {
    const { run, url } = await viewer();
    expect((await run.stdin(facts(130), 'import', '-')).code).toBe(0);
    const { page, problems } = await openPage(url, width, height);
    expect(await page.textContent('#count')).toBe('1–100 of 130 facts');
    expect(await rowIds(page)).toHaveLength(100);
    expect(await layout(page)).toMatchObject({ width, overlap: false, outside: [] });

    // A low row: the page scrolls to click it, and the opened fact must be on screen afterwards.
    await page.click('#facts li.fact:nth-child(90) a');
    await page.waitForSelector('#detail textarea');
    await page.waitForTimeout(100);
    const opened = await layout(page);
    expect(opened).toMatchObject({ width, overlap: false, outside: [] });
    expect(opened.detailTop).toBeGreaterThanOrEqual(0);
    expect(opened.detailTop).toBeLessThan(opened.height / 2);
    if (SHOTS && width === 390) await page.screenshot({ path: join(SHOTS, 'ui-narrow.png') });

    // The next page holds the rest.
    await page.click('#close');
    await page.click('#next');
    await page.waitForFunction(() => document.querySelector('#count')?.textContent === '101–130 of 130 facts');
    expect(await rowIds(page)).toHaveLength(30);

    // The change log fits too.
    await page.click('#tab-log');
    await page.waitForSelector('#log li');
    expect(await page.textContent('#log-count')).toBe('changes 1–130 of 130, newest first');
    expect(await layout(page)).toMatchObject({ width, overlap: false, outside: [] });
    expect(problems).toEqual([]);
  }, 90_000);

  it('browses 10,000 facts a page at a time', async () => {
    const { run, url } = await viewer();
    expect((await run.stdin(facts(10_000), 'import', '-')).code).toBe(0);
    const { page } = await openPage(url);
    expect(await page.textContent('#count')).toBe('1–100 of 10,000 facts');
    expect(await page.$$eval('li', (items) => items.length)).toBe(100);
    await page.click('#next');
    await page.waitForFunction(() => document.querySelector('#count')?.textContent === '101–200 of 10,000 facts');
    // The last page straight from the URL, as a bookmark or a reload gives it.
    await page.goto(new URL('?from=9900', page.url()).href); // the printed URL is spent: the page's own
    await page.waitForFunction(() => document.querySelector('#count')?.textContent === '9,901–10,000 of 10,000 facts');
    expect(await rowIds(page)).toHaveLength(100);
    await page.click('#facts li.fact:last-child a');
    await page.waitForSelector('#detail textarea');
    await page.click('#tab-log');
    await page.waitForSelector('#log li');
    expect(await page.textContent('#log-count')).toBe('changes 1–200 of 10,000, newest first');
    await page.click('#log-next');
    await page.waitForFunction(() => document.querySelector('#log-count')?.textContent === 'changes 201–400 of 10,000, newest first');
    await page.click('#tab-facts');
    // Figures, not assertions (a shared machine's wall time): the server's CPU for one page (it runs
    // in this process) and the browser's time from the click to the next page drawn.
    const cpuMs = async (offset: number) => {
      const before = process.cpuUsage();
      await page.evaluate((o) => fetch(`api/facts?offset=${o}&limit=100`).then((r) => r.json()), offset);
      const used = process.cpuUsage(before);
      return ((used.user + used.system) / 1000).toFixed(1);
    };
    const drawn = await page.evaluate(async () => {
      const start = performance.now();
      (document.querySelector('#prev') as HTMLButtonElement).click();
      while (document.querySelector('#count')?.textContent !== '9,801–9,900 of 10,000 facts') await new Promise((r) => setTimeout(r, 5));
      return Math.round(performance.now() - start);
    });
    console.log(`viewer at 10,000 facts: a page costs the server ${await cpuMs(0)} ms CPU (first page) and ${await cpuMs(9900)} ms (last page); a page turn is drawn ${drawn} ms after the click`);
  }, 120_000);
});
