// `dream` over a memory far bigger than one batch (issue 38, item 11: 60,000 facts gave no output in
// 300 s, 500,000 took 2.45 GB): a step looks at a bounded number of seeds and rows, whatever the
// size of the memory, says on stderr how far it got, and the next `dream` continues where it
// stopped without proposing again what was decided. Work is counted, never timed.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SEEDS_PER_BATCH } from '../../src/dream/clusters.js';
import { ROWS_PER_BATCH } from '../../src/dream/index-work.js';
import { MAX_BLOCK_DOCS } from '../../src/dream/neighbours.js';
import { dreamStep, recordStep } from '../../src/dream/prepare.js';
import type { Fact } from '../../src/facts/facts.js';
import { Store } from '../../src/store/store.js';
import { withKeywords } from '../../src/text/hidden-index.js';
import { tempDir, workspace } from '../helpers.js';

function fact(i: number, text: string): Fact {
  return { id: `f${String(i).padStart(9, '0')}`, version: 1, text, translation: '', kind: 'note', scope: 'global', source: '', quote: '', created_at: `2026-01-01T00:00:${String(i % 60).padStart(2, '0')}.${String(i).padStart(3, '0').slice(-3)}Z`, host: 'h', state: 'active' };
}

/** A made-up word per number: each fact gets rare words of its own, so no two are alike. */
function word(n: number): string {
  let w = '';
  for (let k = n + 17_576; k > 0; k = Math.floor(k / 26)) w += String.fromCharCode(97 + (k % 26));
  return `zq${w}`;
}

async function pairs(path: string, count: number) {
  const store = (await Store.open(path, { write: true }))!;
  await store.writeAsync(() => {
    for (let i = 0; i < count; i++) {
      const words = `service${i} listens on port ${9000 + i} behind gateway${i}`;
      store.insertNewFact(fact(2 * i, `The ${words}`));
      store.insertNewFact(fact(2 * i + 1, `Note that the ${words} now`));
    }
  });
  return store;
}

/** `distinct` facts no two of which are alike (common words shared by all), then two that are. */
async function bigMemory(path: string, distinct: number) {
  const store = (await Store.open(path, { write: true }))!;
  await store.writeAsync(() => {
    for (let i = 0; i < distinct; i++) store.insertNewFact(fact(i, `The deploy of ${word(i)} uses ${word(i + 7919)} and ${word(3 * i + 1)} on staging`));
    store.insertNewFact(fact(distinct, 'Uploads through api-gw time out after 30 seconds unless PROXY_TIMEOUT is raised'));
    store.insertNewFact(fact(distinct + 1, 'api-gw uploads time out after 30 seconds; raise PROXY_TIMEOUT'));
  });
  return store;
}

describe('dream over a memory bigger than one batch', () => {
  it('searches for clusters only until the batch is full, and says more remain', async () => {
    const store = await pairs(join(tempDir(), 'memcue.db'), 300);
    let searched = 0;
    const batch = dreamStep(store, { budget: 3000, languages: 'en', onProgress: (done) => (searched = done) }).batch!;
    expect(batch.counts.clusters).toBeGreaterThan(0);
    expect(searched).toBeLessThan(600 / 2);
    expect(batch.remaining.clusters).toBeGreaterThan(0);
    store.close();
  });

  it('a memory that fits one batch is searched whole: every cluster, nothing said to remain', async () => {
    const store = await pairs(join(tempDir(), 'memcue.db'), 5);
    let searched = 0;
    const batch = dreamStep(store, { languages: 'en', onProgress: (done) => (searched = done) }).batch!;
    expect(searched).toBe(10);
    expect(batch.counts.clusters).toBe(5);
    expect(batch.remaining).toEqual({ clusters: 0, split: 0, translate: 0, keywords: 0 });
    store.close();
  });

  it('one step looks at a bounded number of seeds, postings and rows, however big the memory', async () => {
    const store = await bigMemory(join(tempDir(), 'memcue.db'), 1500);
    let searched = 0;
    const step = dreamStep(store, { languages: 'en', onProgress: (done) => (searched = done) });
    expect(searched).toBe(SEEDS_PER_BATCH);
    expect(step.searched).toBe(SEEDS_PER_BATCH);
    expect(step.done).toBe(false);
    expect(step.unsearched).toBe(1502 - SEEDS_PER_BATCH);
    // Candidates come from the seed's rare terms: a few postings each, not the 1,500 facts sharing "deploy".
    expect(step.work.postings).toBeLessThan(10 * SEEDS_PER_BATCH);
    expect(step.work.compared).toBeLessThan(10 * SEEDS_PER_BATCH);
    expect(step.work.rows).toBeLessThanOrEqual(ROWS_PER_BATCH);
    expect(step.batch!.remaining.facts).toBe(1502 - SEEDS_PER_BATCH);
    expect(step.batch!.remaining.clusters).toBe(1);
    store.close();
  });

  it('a term in more facts than the bound is not read whole: a fact of common words gets the best few facts holding them together', async () => {
    const store = (await Store.open(join(tempDir(), 'memcue.db'), { write: true }))!;
    // The words of the two facts at the end are each in 600 of 1,502 facts (two in each other fact):
    // common, yet they weigh.
    const n = 1500;
    const common = ['never', 'deploy', 'staging', 'friday', 'afternoon'];
    await store.writeAsync(() => {
      for (let i = 0; i < n; i++) store.insertNewFact(fact(i, `${common[i % 5]} ${common[(i + 1 + Math.floor(i / 5)) % 5] === common[i % 5] ? common[(i + 2) % 5] : common[(i + 1 + Math.floor(i / 5)) % 5]} ${word(i)} ${word(i + 5000)}`));
      store.insertNewFact(fact(n, 'Never deploy staging Friday afternoons'));
      store.insertNewFact(fact(n + 1, 'never deploy staging, friday afternoon'));
    });
    expect(MAX_BLOCK_DOCS).toBeLessThan(600);
    const step = dreamStep(store, { languages: 'en', maxSeeds: 2000 });
    expect(step.batch!.counts.clusters).toBe(1);
    expect(JSON.parse(step.batch!.payload).clusters[0].map((f: { id: string }) => f.id)).toEqual([fact(n, '').id, fact(n + 1, '').id]);
    // Reading the common words' postings for each seed would be over 1,502 × 2 × 600 postings.
    expect(step.work.postings).toBeLessThanOrEqual(1502 * 10);
    store.close();
  });
});

describe('dream resumes', () => {
  it('the next dream continues where the last stopped, with progress lines on stderr, and a decided cluster is not proposed again', async () => {
    const { env, run } = workspace({ MEMCUE_LANGUAGES: 'en' });
    (await bigMemory(env.MEMCUE_DB!, 1500)).close();
    const dream = async () => {
      const r = await run(['dream', '--json']);
      expect(r.code).toBe(0);
      return { batch: JSON.parse(r.stdout), stderr: r.stderr };
    };
    const first = await dream();
    expect(first.batch.clusters).toEqual([]);
    expect(first.batch.remaining.facts).toBe(502);
    // A line per 1,000 seeds and one saying what is left: not a line per fact.
    expect(first.stderr.trim().split('\n')).toEqual([
      'memcue dream: 1,000 of 1,502 facts searched for similar ones',
      'memcue dream: 502 facts not searched yet; the next `memcue dream` continues after this batch',
    ]);

    const second = await dream();
    expect(second.batch.clusters.map((c: { id: string }[]) => c.map((f) => f.id))).toEqual([['f000001500', 'f000001501']]);
    expect(second.batch.remaining.facts).toBeUndefined();
    expect(second.stderr).toBe('');
    const keep = { batch: second.batch.batch, decisions: [{ action: 'keep', ids: ['f000001500', 'f000001501'] }] };
    expect((await run(['dream', 'apply', '-'], JSON.stringify(keep))).code).toBe(0);

    // Decided: the pair is not proposed again, and the seeds before it are not searched again.
    const store = (await Store.open(env.MEMCUE_DB!, { write: false }))!;
    const step = dreamStep(store, { languages: 'en' });
    expect(step.searched).toBeLessThanOrEqual(2);
    expect(step.batch?.counts.clusters ?? 0).toBe(0);
    store.close();
    expect((await dream()).batch.clusters).toEqual([]);
  });

  it('a cursor that no longer names the fact at its row (rows renumbered) starts the walk again', async () => {
    const store = await bigMemory(join(tempDir(), 'memcue.db'), 1500);
    await store.writeAsync(() => recordStep(store, dreamStep(store, { languages: 'en' })));
    expect(dreamStep(store, { languages: 'en' }).batch!.counts.clusters).toBe(1);
    await store.writeAsync(() => store.db.run("UPDATE settings SET value = '1000 f999999999' WHERE key LIKE 'dream:cursor:clusters:%'"));
    const step = dreamStep(store, { languages: 'en' });
    expect(step.searched).toBe(SEEDS_PER_BATCH);
    expect(step.batch!.counts.clusters).toBe(0);
    store.close();
  });

  it('a step that finds nothing moves on by itself to the next, and the walk ends at the end of the memory', async () => {
    const { env, run } = workspace({ MEMCUE_LANGUAGES: 'en' });
    const store = (await bigMemory(env.MEMCUE_DB!, 1500))!;
    // Every fact already has keywords: only the cluster search has work, past the first step.
    await store.writeAsync(() => {
      for (let i = 0; i < 1502; i++) store.appendVersion(fact(i, '').id, { translation: withKeywords('', ['rollout']) }, 'h');
    });
    store.close();
    const r = await run(['dream', '--json']);
    expect(r.code).toBe(0);
    const batch = JSON.parse(r.stdout);
    expect(batch.clusters).toHaveLength(1);
    expect(batch.keywords).toEqual([]);
    const again = await run(['dream', '--json']);
    expect(JSON.parse(again.stdout).clusters).toHaveLength(1);
  });
});
