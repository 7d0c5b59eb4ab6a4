// Real headless Chromium (Debian's `chromium`, driven by playwright-core) for the viewer's tests:
// one browser per test file, a page per test that fails the test on any script error or on any
// failed request other than the API's deliberate refusals.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, expect } from 'vitest';
import { ROOT } from '../helpers.js';

export const CHROMIUM = [process.env.MEMCUE_CHROMIUM, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => p && existsSync(p));
if (!CHROMIUM) console.log('SKIPPED: the viewer browser tests need Chromium (apt-get install chromium, or MEMCUE_CHROMIUM=<path>)');
/** `MEMCUE_UPDATE_SCREENSHOTS=1` rewrites the docs' pictures (docs/ui-*.png) from this run. */
export const SHOTS = process.env.MEMCUE_UPDATE_SCREENSHOTS === '1' ? join(ROOT, 'docs') : undefined;

let browser: Browser | undefined;
let home: string | undefined;
afterAll(async () => {
  await browser?.close();
  if (home) rmSync(home, { recursive: true, force: true });
});

export interface Opened {
  page: Page;
  /** Script errors and failed non-API requests (a favicon 403 among them) seen so far. */
  problems: string[];
  /** Every request's URL and Referer (the token must be in none). */
  requests: string[];
}

export async function openPage(url: string, width = 1280, height = 720): Promise<Opened> {
  // Its own home: Chromium writes crash reports and settings under $HOME/.config, not the user's.
  home ??= mkdtempSync(join(tmpdir(), 'memcue-chromium-'));
  const env = { ...process.env, HOME: home, XDG_CONFIG_HOME: join(home, 'config'), XDG_CACHE_HOME: join(home, 'cache') } as Record<string, string>;
  browser ??= await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'], env });
  const page = await browser.newPage({ viewport: { width, height } });
  const problems: string[] = [];
  const requests: string[] = [];
  page.on('pageerror', (err) => problems.push(err.message));
  page.on('request', (req) => requests.push(`${req.url()} referer=${req.headers().referer ?? ''}`));
  page.on('response', (res) => {
    if (res.status() >= 400 && !new URL(res.url()).pathname.includes('/api/')) problems.push(`${res.status()} ${res.url()}`);
  });
  await page.goto(url);
  await page.waitForSelector('#facts, #empty');
  expect(problems).toEqual([]);
  return { page, problems, requests };
}

export const rowIds = (page: Page) => page.$$eval('#facts li.fact', (rows) => rows.map((r) => (r as HTMLElement).dataset.id));

/**
 * Types `text` key by key with the page's timers stopped, then runs them a second on (past the
 * viewer's typing pause, 300 ms) and lets them go on at the real pace: what the page does after
 * typing, whatever the machine's load made of the time between two keys.
 */
export async function typeOnStoppedClock(page: Page, selector: string, text: string): Promise<void> {
  await page.clock.install();
  // A minute on, not a moment: the clock cannot be set back, and it runs during the round trip to
  // the page (the viewer keeps no timer of its own across it, and shows no time of day).
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 60_000);
  await page.type(selector, text, { delay: 40 });
  await page.clock.runFor(1_000);
  await page.clock.resume();
}
