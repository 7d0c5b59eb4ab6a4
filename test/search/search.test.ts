// What the query handling changes for a user, end to end through `memcue search`.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
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
