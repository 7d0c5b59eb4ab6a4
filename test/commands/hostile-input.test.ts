// Issue 38, item 12: the smaller things a hostile pass found. Each one line, the right exit status,
// nothing made that was not asked for.
import { spawnSync } from 'node:child_process';
import { chmodSync, closeSync, copyFileSync, existsSync, mkdtempSync, openSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BINARY, workspace, tempDir } from '../helpers.js';

describe('small hostile inputs', () => {
  it('list -n past what SQLite counts lists everything, not an internal error', async () => {
    const ws = workspace();
    expect((await ws.run(['add', 'The staging cluster runs in eu-west'])).code).toBe(0);
    for (const argv of [['list', '-n', '99999999999999999999'], ['search', '-n', '99999999999999999999', 'staging'], ['log', '-n', '99999999999999999999']]) {
      const r = await ws.run(argv);
      expect(r.stderr, argv[0]).toBe('');
      expect(r.code).toBe(0);
      expect(r.stdout).toContain('eu-west');
    }
  });

  it('add --db in a folder that does not exist says so and makes no folder', async () => {
    const ws = workspace();
    const missing = join(tempDir(), 'nonexistent', 'dir');
    const r = await ws.run(['add', '--db', join(missing, 'x.db'), 'a fact']);
    expect(r.stderr).toMatch(/^memcue: cannot create .*x\.db: the folder .*nonexistent does not exist/);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.code).toBe(1);
    expect(existsSync(join(missing, '..'))).toBe(false);
  });

  it("memcue's own folder is still made on a fresh machine", async () => {
    const ws = workspace();
    const env: Record<string, string> = { ...ws.env };
    delete env.MEMCUE_DB;
    const { cli } = await import('../helpers.js');
    const r = await cli(['add', 'a fact'], { env, cwd: ws.cwd });
    expect(r.code).toBe(0);
    expect(existsSync(join(env.XDG_DATA_HOME!, 'memcue', 'memcue.db'))).toBe(true);
  });

  it.skipIf(process.getuid?.() !== 0)('an unreadable database is said to be unreadable, not unwritable', async () => {
    const ws = workspace();
    expect((await ws.run(['add', 'a fact'])).code).toBe(0);
    chmodSync(ws.dir, 0o755); // the folder may be entered, the file not read
    chmodSync(ws.env.MEMCUE_DB!, 0o000);
    // The executable from a folder any user may read: a clone may sit in a private folder (mktemp -d is 0700).
    const shared = mkdtempSync(join(tmpdir(), 'memcue-binary-'));
    chmodSync(shared, 0o755);
    copyFileSync(BINARY, join(shared, 'memcue'));
    chmodSync(join(shared, 'memcue'), 0o755);
    const r = spawnSync('su', ['nobody', '-s', '/bin/sh', '-c', `HOME=/tmp ${join(shared, 'memcue')} list --db ${ws.env.MEMCUE_DB}`], { encoding: 'utf8' });
    expect(r.stderr).toMatch(/^memcue: cannot read .* \(EACCES\)/);
    expect(r.status).toBe(1);
  });

  it('import of one line far longer than any fact stops at its bound, one line, nothing imported', async () => {
    const ws = workspace();
    const file = join(tempDir(), 'huge.jsonl');
    const fd = openSync(file, 'w');
    writeSync(fd, '{"text": "a fact"}\n{"text": "');
    const block = Buffer.alloc(1 << 20, 'a');
    for (let i = 0; i < 64; i++) writeSync(fd, block); // 64 MB on one line
    writeSync(fd, '"}\n');
    closeSync(fd);
    const r = await ws.run(['import', file]);
    expect(r.stderr).toMatch(/^memcue: line 2: over \d+ bytes/);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.code).toBe(1);
    expect((await ws.run(['list'])).stdout).toBe('');
  });
});
