// The dream cycle end to end through the real CLI and a real database: prepare a batch, answer it as
// the session's model would, apply; invalid answers are refused whole; translation makes a Russian
// fact findable in English.
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { workspace } from '../helpers.js';

function setup(languages = 'en,ru') {
  // Most cases here are about translation: a bilingual user unless the case says otherwise.
  const { dir, env, cwd, run } = workspace({ MEMCUE_LANGUAGES: languages });
  const add = async (...argv: string[]) => {
    const r = await run(['add', '--scope', 'global', ...argv]);
    expect(r.stderr).toBe('');
    return r.stdout.trim();
  };
  /** The batch's JSON payload, read from the text the agent gets. */
  const dream = async (...argv: string[]) => {
    const r = await run(['dream', ...argv]);
    expect(r.code).toBe(0);
    const payload = /```json\n([\s\S]*?)```/.exec(r.stdout)?.[1];
    return { text: r.stdout, batch: payload ? JSON.parse(payload) : undefined };
  };
  const apply = (answer: unknown, ...argv: string[]) =>
    run(['dream', 'apply', '-', ...argv], typeof answer === 'string' ? answer : JSON.stringify(answer));
  const exportAll = async () => (await run(['export', '--all-versions'])).stdout;
  return { dir, env, cwd, run, add, dream, apply, exportAll };
}

const ids = (cluster: { id: string }[]) => cluster.map((f) => f.id).sort();

describe('memcue dream', () => {
  it('prints an instruction with the answer schema and a payload of clusters, split candidates and translations', async () => {
    const { add, dream } = setup();
    const a = await add('--kind', 'gotcha', 'api-gw times out after 30 s on uploads; raise PROXY_TIMEOUT to 300');
    const b = await add('--kind', 'gotcha', 'Uploads through api-gw time out at 30 seconds unless PROXY_TIMEOUT is raised');
    const c = await add('--kind', 'env', 'CI runs on ubuntu-24.04 runners');
    const long = await add(
      '--kind',
      'env',
      'Staging database is Postgres 16 on db-stg.internal. Backups run nightly at 02:00 UTC. The replica lags by up to 5 minutes during backups.',
    );
    await add('PKG_CONFIG_PATH=/opt/lib/pkgconfig'); // identifiers only: nothing to translate
    const { text, batch } = await dream();
    expect(text).toMatch(/^# memcue dream, batch [0-9a-f]{12}\n/);
    for (const action of ['keep', 'merge', 'supersede', 'split', 'translate', 'keywords', 'forget']) expect(text).toContain(`"action": "${action}"`);
    expect(text).toContain('memcue dream apply');
    expect(batch.clusters.map(ids)).toEqual([[a, b].sort()]);
    expect(batch.split.map((f: { id: string }) => f.id)).toEqual([long]);
    expect(batch.split[0].reason).toBe('3 sentences');
    expect(batch.translate.map((f: { id: string }) => f.id).sort()).toEqual([a, b, c, long].sort());
    expect(batch.translate.find((f: { id: string }) => f.id === c)).toMatchObject({ to: 'ru' });
    expect(batch.keywords.map((f: { text: string }) => f.text)).toEqual(['PKG_CONFIG_PATH=/opt/lib/pkgconfig']);
    expect(batch.remaining).toEqual({ clusters: 0, split: 0, translate: 0, keywords: 0 });
  });

  it('says so when there is nothing to do, and creates no database for an empty memory', async () => {
    const { dir, run } = setup();
    const r = await run(['dream']);
    expect(r.stdout).toContain('nothing to dream about');
    expect(existsSync(join(dir, 'memcue.db'))).toBe(false);
  });

  it('is deterministic, fits its budget, honours --limit and says how many items remain', async () => {
    const { add, dream } = setup();
    for (let i = 0; i < 30; i++) await add(`Service number ${i} listens on port ${8000 + i} behind the shared gateway`);
    const first = await dream('--budget', '3000');
    const again = await dream('--budget', '3000');
    expect(again.text).toBe(first.text);
    expect(first.text.length).toBeLessThanOrEqual(3000);
    const { batch } = first;
    const shown = batch.clusters.length + batch.split.length + batch.translate.length;
    expect(shown).toBeGreaterThan(0);
    expect(batch.remaining.translate + batch.translate.length).toBe(30);
    const limited = (await dream('--limit', '2')).batch;
    expect(limited.clusters.length + limited.split.length + limited.translate.length).toBe(2);
    // Each fact is in at most one cluster, and clusters hold 2–8 facts.
    const all = (await dream('--budget', '100000')).batch.clusters as { id: string }[][];
    const seen = all.flat().map((f) => f.id);
    expect(new Set(seen).size).toBe(seen.length);
    for (const cluster of all) {
      expect(cluster.length).toBeGreaterThanOrEqual(2);
      expect(cluster.length).toBeLessThanOrEqual(8);
    }
  });

  it('clusters facts of one scope only, and --in narrows the batch', async () => {
    const { run, dream } = setup();
    const text = 'The build cache lives in /var/cache/ci and is wiped every Sunday';
    const global = (await run(['add', '--scope', 'global', text])).stdout.trim();
    const machine = (await run(['add', '--scope', 'machine', text])).stdout.trim();
    const again = (await run(['add', '--scope', 'global', 'The build cache in /var/cache/ci is wiped every Sunday night'])).stdout.trim();
    const { batch } = await dream();
    expect(batch.clusters.map(ids)).toEqual([[global, again].sort()]);
    const narrowed = (await dream('--in', 'machine')).batch;
    expect(narrowed.clusters).toEqual([]);
    expect(narrowed.translate.map((f: { id: string }) => f.id)).toEqual([machine]);
  });

  it('applies a full answer as new versions, keeps history, and moves on to the next batch', async () => {
    const { run, add, dream, apply } = setup();
    const a = await add('--kind', 'gotcha', 'api-gw times out after 30 s on uploads; raise PROXY_TIMEOUT to 300');
    const b = await add('--kind', 'gotcha', 'Uploads through api-gw time out at 30 seconds unless PROXY_TIMEOUT is raised');
    const old = await add('--kind', 'rule', 'Release branches are cut every Monday from main');
    const recent = await add('--kind', 'rule', 'Release branches are cut every Thursday from main since November');
    const long = await add('--kind', 'env', 'Staging database is Postgres 16 on db-stg.internal. Backups run nightly at 02:00 UTC. The replica lags by up to 5 minutes during backups.');
    const junk = await add('tmp note: ignore me, testing the add command');
    const { batch } = await dream('--budget', '100000');
    expect(batch.clusters.map(ids)).toEqual(expect.arrayContaining([[a, b].sort(), [old, recent].sort()]));
    const answer = {
      batch: batch.batch,
      decisions: [
        { action: 'merge', into: a, from: [b], text: 'api-gw times out after 30 s on uploads; raise PROXY_TIMEOUT to 300', translation: 'api-gw обрывает загрузки через 30 с' },
        { action: 'supersede', old, by: recent },
        { action: 'split', id: long, parts: ['Staging database is Postgres 16 on db-stg.internal', { text: 'Staging database backups run nightly at 02:00 UTC', translation: 'Бэкапы базы стенда идут каждую ночь в 02:00 UTC' }, 'The staging replica lags by up to 5 minutes during backups'] },
        { action: 'forget', id: junk, reason: 'a test of the add command, not knowledge' },
        { action: 'keep', ids: [recent] },
      ],
    };
    const r = await apply(answer, '--json');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const summary = JSON.parse(r.stdout);
    expect(summary).toMatchObject({ merged: 1, merged_away: 1, superseded: 1, split: 1, forgotten: 1, kept: 1, translated: 0 });
    expect(summary.new_facts).toHaveLength(3);

    const show = async (id: string) => JSON.parse((await run(['show', id, '--json'])).stdout);
    const merged = await show(b);
    expect(merged.versions.map((v: { state: string }) => v.state)).toEqual(['active', 'superseded']);
    expect(merged.versions[1].quote).toBe(`merged into ${a} (dream)`);
    expect((await show(old)).versions[1]).toMatchObject({ state: 'superseded', quote: `superseded by ${recent} (dream)` });
    expect((await show(junk)).versions[1]).toMatchObject({ state: 'forgotten', quote: 'forgotten (dream): a test of the add command, not knowledge' });
    expect((await show(long)).versions[1].state).toBe('superseded');
    const part = await show(summary.new_facts[1]);
    expect(part.versions[0]).toMatchObject({ kind: 'env', scope: 'global', source: `split:${long}`, text: 'Staging database backups run nightly at 02:00 UTC' });
    expect(part.versions[0].quote).toContain('Backups run nightly');
    // Only current active versions are searchable: the parts are, the split original is not.
    const hits = (await run(['search', 'staging', 'replica', 'backups', '--in', 'all'])).stdout;
    expect(hits).toContain(summary.new_facts[2]);
    expect(hits).not.toContain(long);
    // The same answer twice is refused: its batch is spent.
    const twice = await apply(answer);
    expect(twice.code).toBe(1);
    expect(twice.stderr).toContain(`batch "${batch.batch}" is unknown or was applied already`);
    // The next batch does not offer the reviewed cluster again; the new parts wait for translation.
    const next = (await dream('--budget', '100000')).batch;
    expect(next.clusters.flat().map((f: { id: string }) => f.id)).not.toContain(recent);
    expect(next.translate.map((f: { id: string }) => f.id)).toEqual(expect.arrayContaining([summary.new_facts[0], summary.new_facts[2]]));
    expect(next.translate.map((f: { id: string }) => f.id)).not.toContain(summary.new_facts[1]);
  });

  it('a kept cluster is not offered again until a new similar fact arrives', async () => {
    const { run, dream, apply } = setup();
    // Facts that already have translations (so the only work is the cluster), and unrelated facts
    // that make the shared words rare, as they are in a real memory.
    const facts = [
      ['Grafana dashboards live in the ops/grafana folder of the infra repo', 'Дашборды Grafana лежат в ops/grafana'],
      ['Grafana dashboards for staging live in the ops/grafana/staging folder of the infra repo', 'Дашборды стенда в ops/grafana/staging'],
      ['CI runs on ubuntu-24.04', 'CI работает на ubuntu-24.04'],
      ['Redis on staging needs AUTH', 'Redis на стенде требует AUTH'],
      ['Use pnpm, never npm', 'Только pnpm, не npm'],
      ['Logs ship to Loki', 'Логи уходят в Loki'],
    ];
    const lines = facts.map(([text, translation]) => JSON.stringify({ text, translation, scope: 'global' })).join('\n');
    expect((await run(['import', '-'], lines)).code).toBe(0);
    const { batch } = await dream();
    expect(batch.translate).toEqual([]);
    expect(batch.clusters).toHaveLength(1);
    const [a, b] = ids(batch.clusters[0]);
    expect((await apply({ batch: batch.batch, decisions: [{ action: 'keep', ids: [a, b] }] })).stdout).toContain('2 kept');
    expect((await dream()).batch?.clusters ?? []).toEqual([]);
    const c = (await run(['add', '--scope', 'global', 'Grafana dashboards are provisioned from the ops/grafana folder of the infra repo'])).stdout.trim();
    // The new fact seeds a cluster, and the kept facts like it join as its neighbours.
    const again = (await dream()).batch.clusters.map(ids);
    expect(again).toHaveLength(1);
    expect(again[0]).toEqual(expect.arrayContaining([c]));
    expect(again[0].length).toBeGreaterThanOrEqual(2);
  });
});

describe('memcue dream apply refuses a bad answer whole', () => {
  async function prepared() {
    const s = setup();
    const a = await s.add('api-gw times out after 30 s on uploads; raise PROXY_TIMEOUT to 300');
    const b = await s.add('Uploads through api-gw time out at 30 seconds unless PROXY_TIMEOUT is raised');
    const outside = await s.add('zzz unrelated words only here');
    const { batch } = await s.dream('--limit', '1');
    expect(batch.clusters.map(ids)).toEqual([[a, b].sort()]);
    return { ...s, a, b, outside, id: batch.batch as string };
  }

  it.each([
    ['not JSON', () => '{"batch": ', /the answer is not valid JSON/],
    ['no decisions', (c: Ctx) => ({ batch: c.id }), /the answer: "decisions" is missing/],
    ['unknown top-level field', (c: Ctx) => ({ batch: c.id, decisions: [], extra: 1 }), /the answer: unknown field "extra"/],
    ['unknown batch', (c: Ctx) => ({ batch: 'ffffffffffff', decisions: [] }), /batch "ffffffffffff" is unknown/],
    ['unknown action', (c: Ctx) => ({ batch: c.id, decisions: [{ action: 'delete', id: c.a }] }), /item 1 \(delete\): "action" must be one of keep, merge/],
    ['unknown id', (c: Ctx) => ({ batch: c.id, decisions: [{ action: 'keep', ids: [c.a] }, { action: 'merge', into: c.b, from: ['abc'], text: 'x y z' }] }), /item 2 \(merge\): unknown id "abc"/],
    ['id outside the batch', (c: Ctx) => ({ batch: c.id, decisions: [{ action: 'forget', id: c.outside, reason: 'r' }] }), /item 1 \(forget\): fact "[0-9a-z]+" is not in batch/],
    ['missing field', (c: Ctx) => ({ batch: c.id, decisions: [{ action: 'supersede', old: c.a }] }), /item 1 \(supersede\): "by" is missing/],
    ['misspelt field', (c: Ctx) => ({ batch: c.id, decisions: [{ action: 'translate', id: c.a, translaton: 'x' }] }), /item 1 \(translate\): "translation" is missing/],
    ['extra field', (c: Ctx) => ({ batch: c.id, decisions: [{ action: 'keep', ids: [c.a], text: 'x' }] }), /item 1 \(keep\): unknown field "text"/],
    ['wrong type', (c: Ctx) => ({ batch: c.id, decisions: [{ action: 'keep', ids: c.a }] }), /item 1 \(keep\): "ids" must be an array/],
    ['two decisions on one fact', (c: Ctx) => ({ batch: c.id, decisions: [{ action: 'keep', ids: [c.a] }, { action: 'translate', id: c.a, translation: 'перевод' }] }), /item 2 \(translate\): fact "[0-9a-z]+" already has a decision in item 1 \(keep\)/],
    ['empty merged text', (c: Ctx) => ({ batch: c.id, decisions: [{ action: 'merge', into: c.a, from: [c.b], text: '  ' }] }), /item 1 \(merge\): text: fact text is empty/],
    ['secret in a split part', (c: Ctx) => ({ batch: c.id, decisions: [{ action: 'split', id: c.a, parts: ['a fine part', 'token ghp_0123456789abcdefghijABCDEFGHIJ0123456789'] }] }), /item 1 \(split\): refusing to store parts\[1\]: it looks like a GitHub token \(rule github-token\)/],
    ['split into one part', (c: Ctx) => ({ batch: c.id, decisions: [{ action: 'split', id: c.a, parts: ['only one'] }] }), /item 1 \(split\): "parts" needs at least 2 items/],
    ['replacement removed', (c: Ctx) => ({ batch: c.id, decisions: [{ action: 'supersede', old: c.a, by: c.b }, { action: 'forget', id: c.b, reason: 'r' }] }), /item 1 \(supersede\): "by" fact "[0-9a-z]+" is itself removed by item 2 \(forget\)/],
  ])('%s', async (_name, answer, error) => {
    const c = await prepared();
    const before = await c.exportAll();
    const good = { batch: c.id, decisions: [{ action: 'merge', into: c.a, from: [c.b], text: 'api-gw times out after 30 s on uploads; raise PROXY_TIMEOUT' }] };
    // Valid decisions before the bad one (see 'unknown id') are not applied either.
    const r = await c.apply(answer(c));
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(error);
    expect(r.stderr).toContain('nothing was changed');
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(await c.exportAll()).toBe(before);
    // The batch is still there: the corrected answer applies.
    if (!/unknown batch/.test(_name)) expect((await c.apply(good)).code).toBe(0);
  });

  it('refuses an answer about a fact that changed after the batch was prepared', async () => {
    const c = await prepared();
    expect((await c.run(['edit', c.a, 'api-gw times out after 60 s now'])).code).toBe(0);
    const before = await c.exportAll();
    const r = await c.apply({ batch: c.id, decisions: [{ action: 'merge', into: c.b, from: [c.a], text: 'merged text here' }] });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`fact "${c.a}" changed since batch ${c.id} was prepared`);
    expect(await c.exportAll()).toBe(before);
  });

  it('--dry-run validates and reports without writing', async () => {
    const c = await prepared();
    const before = await c.exportAll();
    const r = await c.apply({ batch: c.id, decisions: [{ action: 'keep', ids: [c.a, c.b] }] }, '--dry-run');
    expect(r.stdout).toContain(`batch ${c.id} is valid; applying it would give: 2 kept`);
    expect(await c.exportAll()).toBe(before);
    expect((await c.apply({ batch: c.id, decisions: [{ action: 'keep', ids: [c.a, c.b] }] })).code).toBe(0);
  });

  it('accepts the answer in a ```json fence, from a file', async () => {
    const c = await prepared();
    const file = join(c.dir, 'answer.md');
    writeFileSync(file, `\`\`\`json\n${JSON.stringify({ batch: c.id, decisions: [{ action: 'keep', ids: [c.a] }] })}\n\`\`\`\n`);
    const r = await c.run(['dream', 'apply', file]);
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe(`applied dream batch ${c.id}: 1 kept\n`);
  });
});

type Ctx = { id: string; a: string; b: string; outside: string };

describe('translation makes facts findable across languages', () => {
  it('a Russian fact is not found by an English query before its translation is applied, and is after', async () => {
    const { run, add, dream, apply } = setup();
    const ru = await add('--kind', 'rule', 'Никогда не деплоить в прод в пятницу');
    const en = await add('--kind', 'gotcha', 'The nightly backup job locks the orders table for ten minutes');
    // Not `deploy`: it finds `деплоить` by its spelling (expand.ts), which is no translation.
    const english = ['search', 'production', 'friday', '--in', 'all'];
    const russian = ['search', 'бэкап', 'блокирует', 'таблицу', 'заказов', '--in', 'all'];
    expect((await run(english)).stdout).not.toContain(ru);
    expect((await run(russian)).stdout).not.toContain(en);
    const { batch } = await dream();
    expect(batch.translate).toEqual([
      { id: ru, from: 'ru', to: 'en', text: 'Никогда не деплоить в прод в пятницу' },
      { id: en, from: 'en', to: 'ru', text: 'The nightly backup job locks the orders table for ten minutes' },
    ]);
    const r = await apply({
      batch: batch.batch,
      decisions: [
        { action: 'translate', id: ru, translation: 'Never deploy to production on a Friday' },
        { action: 'translate', id: en, translation: 'Ночной бэкап блокирует таблицу заказов на десять минут' },
      ],
    });
    expect(r.stdout).toBe(`applied dream batch ${batch.batch}: 2 translated\n`);
    expect((await run(english)).stdout).toContain(ru);
    expect((await run(russian)).stdout).toContain(en);
    // The text is unchanged: the translation is index-only.
    const shown = JSON.parse((await run(['show', ru, '--json'])).stdout);
    expect(shown.text).toBe('Никогда не деплоить в прод в пятницу');
    expect(shown.versions).toHaveLength(2);
    // Translated without keywords: the next batch asks for them.
    expect((await dream()).batch.keywords.map((f: { id: string }) => f.id).sort()).toEqual([ru, en].sort());
  });
});
