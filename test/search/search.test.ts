// What the query handling changes for a user, end to end through `memcue search`.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openLiveIndex } from '../../src/snapshot/files.js';
import { cli, isolatedEnv, tempDir } from '../helpers.js';

function setup() {
  const dir = tempDir();
  const env = isolatedEnv(dir);
  const cwd = join(dir, 'work');
  mkdirSync(cwd);
  const run = async (...argv: string[]) => (await cli(argv, { env, cwd })).stdout;
  const add = async (text: string) => (await run('add', text)).trim();
  return { run, add };
}

describe('search', () => {
  it('a question finds its fact without the facts that share only its grammar', async () => {
    const { run, add } = setup();
    const redis = await add('Redis on staging needs AUTH since the November migration');
    await add('The build is on the CI runner and it is slow');
    await add('Where the logs are: /var/log/app on every host');
    await add('Что такое кэш и где он лежит: в ~/.cache/build');
    const out = (await run('search', 'Where', 'is', 'the', 'redis', 'on', 'staging?')).trim().split('\n');
    expect(out).toHaveLength(1);
    expect(out[0]).toContain(redis);
    const ru = (await run('search', 'что', 'это', 'за', 'redis', 'и', 'где')).trim().split('\n');
    expect(ru).toEqual([expect.stringContaining(redis)]);
  });

  it('everyday dev words find their other forms: acronym plurals and Russian loanwords (issue 15)', async () => {
    const { run, add } = setup();
    const prs = await add('Prefer small PRs: one concern each');
    const vms = await add('The CI VMs are recycled every night');
    const commit = await add('Подписывай каждый коммит ключом из ~/.ssh');
    const token = await add('Деплой делается токеном из vault, не личным');
    await add('Staging runs on the old cluster');
    expect(await run('search', 'PR', 'size')).toContain(prs);
    expect(await run('search', 'VM')).toContain(vms);
    expect(await run('search', 'коммитом')).toContain(commit);
    expect(await run('search', 'коммиты', 'подпись')).toContain(commit);
    expect(await run('search', 'токен', 'для', 'деплоя')).toContain(token);
  });

  it('past tense in a fact meets the base form in a question, and the other way round', async () => {
    const { run, add } = setup();
    const broke = await add('The nightly build broke when we went to Node 22');
    const choose = await add('We choose pnpm over npm for workspaces');
    expect(await run('search', 'why', 'did', 'the', 'build', 'break')).toContain(broke);
    expect(await run('search', 'go', 'node', '22')).toContain(broke);
    expect(await run('search', 'which', 'package', 'manager', 'was', 'chosen')).toContain(choose);
  });

  it('a long identifier or stem also finds what starts with it', async () => {
    const { run, add } = setup();
    const hook = await add('useEffectCleanup runs twice under React StrictMode');
    const ru = await add('Информационная панель обновляется раз в минуту');
    expect(await run('search', 'useEffect')).toContain(hook);
    expect(await run('search', 'информация')).toContain(ru);
  });

  it('a compound written as one word finds it written apart', async () => {
    const { run, add } = setup();
    const trip = await add('Melanie went on a road trip with her family in June');
    const files = await add('The file name of every fixture is lower case');
    const road = await add('The road to the office is closed on Mondays');
    // Neither query shares a single term with the fact it finds; "road" alone is not "road trip".
    const roadtrip = await run('search', 'any', 'roadtrip', 'plans?');
    expect(roadtrip).toContain(trip);
    expect(roadtrip).not.toContain(road);
    expect(await run('search', 'filename', 'rules')).toContain(files);
  });
});

describe('search: the word as written before its other spellings (issue 33)', () => {
  /** 508 English incident notes and 150 short Russian "Разбор инцидента" facts: FTS5 ranks the rarer Russian term first. */
  async function incidents() {
    const dir = tempDir();
    const env = isolatedEnv(dir);
    const lines: string[] = [];
    for (let i = 0; i < 508; i++) {
      lines.push(JSON.stringify({ text: `Incident notes ${i}: the queue degraded for ${i % 90} minutes after deploy ${i}; a rollback to the previous release fixed it and on-call wrote the timeline`, scope: 'global' }));
    }
    for (let i = 0; i < 150; i++) lines.push(JSON.stringify({ text: `Разбор инцидента ${i}: упал шлюз`, scope: 'global' }));
    const file = join(dir, 'facts.jsonl');
    writeFileSync(file, lines.join('\n'));
    expect((await cli(['import', file], { env })).code).toBe(0);
    return env;
  }

  it('`search incident -n 20 --in all` gives the English facts first, on the SQLite path and the search file\'s', async () => {
    const env = await incidents();
    const top20 = async (extra: Record<string, string>) => {
      const out = (await cli(['search', 'incident', '-n', '20', '--in', 'all'], { env: { ...env, ...extra } })).stdout.trim().split('\n');
      expect(out).toHaveLength(20);
      for (const line of out) expect(line).toContain('Incident notes');
      return out;
    };
    const sqlite = await top20({ MEMCUE_SEARCH_FILE: '0' });
    await cli(['search', 'rollback'], { env }); // builds the search file
    expect(openLiveIndex(env.MEMCUE_DB!)).toBeDefined();
    expect(await top20({})).toEqual(sqlite);
    // The Russian facts still come after the English ones, and first for the Russian word.
    const many = (await cli(['search', 'incident', '-n', '600', '--in', 'all', '--json'], { env })).stdout;
    const texts = (JSON.parse(many) as { text: string }[]).map((h) => h.text);
    const firstRussian = texts.findIndex((t) => t.startsWith('Разбор'));
    if (firstRussian >= 0) expect(texts.slice(firstRussian).every((t) => t.startsWith('Разбор'))).toBe(true);
    const ru = (await cli(['search', 'инцидент', '-n', '20', '--in', 'all'], { env })).stdout.trim().split('\n');
    for (const line of ru) expect(line).toContain('Разбор инцидента');
  });

  it('a fact written only in the other script is still found by a by-ear spelling', async () => {
    const { run, add } = setup();
    const id = await add('Разбор инцидента: шлюз упал после выкладки');
    expect(await run('search', 'incident')).toContain(id);
  });
});

describe('search: more results asked for, fewer cut off (issue 33)', () => {
  it('-n 10 keeps the facts that match only part of a "which/all" query; the default still cuts them', async () => {
    const { run, add } = setup();
    await add('Nate likes video games more than board games');
    const cyberpunk = await add('Nate plays Cyberpunk 2077 nonstop, a video game with a futuristic setting');
    const csgo = await add('Nate usually plays CS:GO and entered a Street Fighter tournament');
    const rpg = await add('Nate is playing the fantasy RPG Xenoblade Chronicles');
    const turtles = await add('Nate has three turtles as pets');
    await add('Nate made a dairy-free chocolate cake');
    await add('Joanna wrote a screenplay about loss');
    // The two partial matches score about a third of the best: under the default 0.6, above 0.3.
    const five = await run('search', 'Nate', 'video', 'games', 'played');
    expect(five).toContain(cyberpunk);
    expect(five).not.toContain(csgo);
    const ten = await run('search', 'Nate', 'video', 'games', 'played', '-n', '10');
    expect(ten).toContain(csgo);
    expect(ten).toContain(rpg);
    expect(ten).not.toContain(turtles); // a fact sharing the name alone is still noise
  });
});
