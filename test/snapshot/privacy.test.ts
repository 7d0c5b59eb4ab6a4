// Files holding facts' text beside the database (the search file, its delta) and in the cache (cards)
// follow the database's permissions at every use, their temporaries are never written through a
// planted link, and a killed writer's temporary does not stay behind.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, lstatSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { workspace } from '../helpers.js';

const mode = (path: string) => statSync(path).mode & 0o777;
const POSIX = process.platform !== 'win32';

async function memory() {
  const ws = workspace({ XDG_CACHE_HOME: '' });
  ws.env.XDG_CACHE_HOME = join(ws.dir, 'cache');
  const db = ws.env.MEMCUE_DB!;
  expect((await ws.run(['add', '--scope', 'global', '--kind', 'rule', 'The staging password rotates monthly'])).code).toBe(0);
  expect((await ws.run(['search', 'staging'])).stdout).toContain('rotates monthly');
  expect(existsSync(`${db}.search`)).toBe(true);
  return { ...ws, db };
}

/** A pid that no process has now. */
function deadPid(): number {
  return spawnSync(process.execPath, ['-e', '0']).pid!;
}

describe.skipIf(!POSIX)('files holding facts follow the database permissions', () => {
  it('a chmod 600 of the database reaches the search file at the next search, and its delta at the next add', async () => {
    const { run, db } = await memory();
    chmodSync(db, 0o644);
    chmodSync(`${db}.search`, 0o644);
    chmodSync(db, 0o600);
    expect((await run(['search', 'staging'])).stdout).toContain('rotates monthly');
    expect(mode(`${db}.search`)).toBe(0o600);
    expect((await run(['add', 'Tokens live in the vault'])).code).toBe(0);
    expect(existsSync(`${db}.search-delta`)).toBe(true);
    expect(mode(`${db}.search-delta`)).toBe(0o600);
  });

  it('a chmod 600 of the database reaches the cached card; the cards folder is private', async () => {
    const { run, db, env } = await memory();
    chmodSync(db, 0o644); // as an older memcue made it (new databases are 0600)
    expect((await run(['card'])).stdout).toContain('rotates monthly');
    const cards = join(env.XDG_CACHE_HOME!, 'memcue', 'cards');
    chmodSync(cards, 0o755);
    const [file] = readdirSync(cards);
    chmodSync(join(cards, file!), 0o644);
    chmodSync(db, 0o600);
    expect((await run(['card'])).stdout).toContain('rotates monthly');
    expect(mode(join(cards, file!))).toBe(0o600);
    expect(mode(cards)).toBe(0o700);
  });
});

describe.skipIf(!POSIX)('temporaries beside the database', () => {
  for (const name of ['.search', '.search-delta']) {
    it(`a link planted at <db>${name}.<pid>.tmp is not written through`, async () => {
      const { run, db, dir } = await memory();
      const victim = join(dir, 'victim.txt');
      writeFileSync(victim, 'precious\n', { mode: 0o600 });
      chmodSync(db, 0o666);
      // The in-process CLI writes with this process's pid.
      symlinkSync(victim, `${db}${name}.${process.pid}.tmp`);
      if (name === '.search') writeFileSync(`${db}.search`, 'outdated'); // the next search rebuilds it
      expect((await run([name === '.search' ? 'search' : 'add', 'rotates'])).code).toBe(0);
      expect(readFileSync(victim, 'utf8')).toBe('precious\n');
      expect(mode(victim)).toBe(0o600);
      expect(lstatSync(`${db}${name}`).isFile()).toBe(true);
      expect(mode(`${db}${name}`)).toBe(0o666);
      expect(existsSync(`${db}${name}.${process.pid}.tmp`)).toBe(false);
    });
  }

  it("a killed writer's temporaries are removed when the search file is next written", async () => {
    const { run, db, env } = await memory();
    const pid = deadPid();
    const left = [`${db}.search.${pid}.tmp`, `${db}.search-delta.${pid}.tmp`, `${db}.checked.${pid}.tmp`];
    for (const path of left) writeFileSync(path, 'The staging password rotates monthly');
    const live = `${db}.search.${process.ppid}.tmp`; // a live writer's: kept
    writeFileSync(live, 'being written');
    writeFileSync(`${db}.search`, 'outdated');
    expect((await run(['search', 'staging'])).code).toBe(0);
    for (const path of left) expect(existsSync(path), path).toBe(false);
    expect(existsSync(live)).toBe(true);
    // The card cache's too.
    expect((await run(['card'])).code).toBe(0);
    const cards = join(env.XDG_CACHE_HOME!, 'memcue', 'cards');
    const stale = join(cards, `${readdirSync(cards)[0]}.${pid}.tmp`);
    writeFileSync(stale, 'card text');
    expect((await run(['add', '--scope', 'global', '--kind', 'rule', 'Tokens live in the vault'])).code).toBe(0);
    expect((await run(['card'])).stdout).toContain('Tokens live in the vault');
    expect(existsSync(stale)).toBe(false);
  });
});
