// Searching the way Russian-speaking developers write (issue 23): tech names in either script,
// everyday abbreviations, and a misspelt word that would otherwise find nothing.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, isolatedEnv, tempDir } from '../helpers.js';

function setup(env: Record<string, string> = {}) {
  const dir = tempDir();
  const fullEnv = { ...isolatedEnv(dir), ...env };
  const cwd = join(dir, 'work');
  mkdirSync(cwd);
  const run = (...argv: string[]) => cli(argv, { env: fullEnv, cwd });
  const add = async (text: string) => (await run('add', text)).stdout.trim();
  const runWithout = (...argv: string[]) => cli(argv, { env: { ...fullEnv, MEMCUE_SEARCH_FILE: '0' }, cwd });
  return { run, add, runWithout };
}

const ids = (out: string) => out.trim().split('\n').filter(Boolean).map((line) => line.split(' ')[0]);

describe('dev words', () => {
  it('a tech name written in Cyrillic finds the fact that writes it in Latin, and back', async () => {
    const { run, add } = setup();
    const redis = await add('Redis on staging listens on port 6380');
    const docker = await add('Образы докера собираются в GitLab CI за 4 минуты');
    const clickhouse = await add('ClickHouse keeps raw events for 90 days');
    const django = await add('The admin runs on Django 5.1');
    const nginx = await add('Конфиг nginx лежит в /etc/nginx/sites-enabled');
    const kube = await add('Кубер в проде обновляем только по вторникам');
    await add('The staging host is reached over the VPN');
    expect((await run('search', 'редис')).stdout).toContain(redis);
    expect((await run('search', 'docker', 'build')).stdout).toContain(docker);
    expect((await run('search', 'кликхаус', 'события')).stdout).toContain(clickhouse);
    expect((await run('search', 'джанго')).stdout).toContain(django);
    expect((await run('search', 'гитлаб')).stdout).toContain(docker);
    expect((await run('search', 'nginx', 'config')).stdout).toContain(nginx);
    expect((await run('search', 'kubernetes', 'upgrade')).stdout).toContain(kube);
  });

  it('a Cyrillic name some fact holds as written still finds the fact that writes it in Latin (RESULTS 41)', async () => {
    const { run, add } = setup();
    const images = await add('Docker images are tagged with the commit hash');
    const mac = await add('Докер на маке тормозит без VirtioFS');
    const found = ids((await run('search', 'докер', 'образы', 'теги')).stdout);
    expect(found).toContain(images);
    expect(found).toContain(mac);
  });

  it('a name spelt in Cyrillic as English sounds, not as it is written, finds it (RESULTS 46)', async () => {
    const { run, add } = setup();
    const staging = await add('Staging is redeployed on every merge to main');
    const confluence = await add('Incidents get a post-mortem in Confluence within 5 working days');
    const release = await add('Releases are cut from main with semantic-release');
    const unleash = await add('Feature flags are in Unleash at flags.acme.internal');
    await add('The radius of the cache ring is three nodes');
    expect(ids((await run('search', 'стейдж')).stdout)).toEqual([staging]);
    expect(ids((await run('search', 'конфлюенс')).stdout)).toEqual([confluence]);
    expect(ids((await run('search', 'семантик')).stdout)).toEqual([release]);
    expect(ids((await run('search', 'релиз')).stdout)).toEqual([release]);
    expect(ids((await run('search', 'анлиш')).stdout)).toEqual([unleash]);
    expect(ids((await run('search', 'мерж')).stdout)).toEqual([staging]);
    // Sound alike is not letters alike: редис is not radius.
    expect((await run('search', 'редис')).stdout).toBe('');
  });

  it('common abbreviations find the long form and the long form finds them', async () => {
    const { run, add } = setup();
    const k8s = await add('Kubernetes namespaces are named after the team');
    const pg = await add('pg_dump runs nightly; PG 16 on db-main');
    const tf = await add('Terraform state lives in the infra bucket');
    const mr = await add('Every MR needs one approval from the owners');
    const ttl = await add('Session keys expire: time to live is 30 minutes');
    await add('Mr Smith owns the billing service');
    expect((await run('search', 'k8s')).stdout).toContain(k8s);
    expect((await run('search', 'postgres', 'dump')).stdout).toContain(pg);
    expect((await run('search', 'tf', 'state')).stdout).toContain(tf);
    expect(ids((await run('search', 'merge', 'request', 'approval')).stdout)).toEqual([mr]);
    expect((await run('search', 'TTL', 'session')).stdout).toContain(ttl);
  });

  it('a misspelt word that matches nothing says so, names the nearest term and searches it', async () => {
    const { run, add } = setup();
    const pg = await add('Postgres backups go to S3 every night');
    await add('Redis is only a cache here');
    // `post` stands alone here: the split `post gress` still matches nothing.
    await add('Post-mortems go to Confluence');
    const r = await run('search', 'postgress');
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('no facts match "postgress"; did you mean postgres?');
    expect(ids(r.stdout)).toEqual([pg]);
    const ru = await run('search', 'бэкапы', 'постгрса');
    expect(ids(ru.stdout)).toContain(pg);
    // A word that matches is left alone: no note.
    expect((await run('search', 'postgres')).stderr).toBe('');
  });

  it('the search file and SQLite give the same results for expanded queries', async () => {
    const { run, add, runWithout } = setup();
    for (const text of ['Redis on staging listens on port 6380', 'Образы докера собираются в GitLab CI', 'Kubernetes namespaces are named after the team', 'Postgres backups go to S3 every night', 'Feature flags are in Unleash', 'Post-mortems go to Confluence']) await add(text);
    for (const query of [['редис'], ['docker'], ['k8s', 'namespace'], ['postgress'], ['кубер'], ['стейдж', 'редис'], ['анлиш'], ['конфлюенс']]) {
      await run('search', ...query); // builds the search file if it is not there
      const fromFile = await run('search', ...query);
      const fromSqlite = await runWithout('search', ...query);
      expect(fromFile.stdout, query.join(' ')).not.toBe('');
      expect(fromFile.stdout, query.join(' ')).toBe(fromSqlite.stdout);
      expect(fromFile.stderr).toBe(fromSqlite.stderr);
    }
  });
});
