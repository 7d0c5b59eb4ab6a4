// install's temporaries (engine.ts writeAtomic, launcher.ts): a link planted at the name a
// temporary will have — in a repository anyone may commit to, `.claude/settings.json.<pid>.tmp` —
// must never be written through, nor renamed over the config. The names planted cover both the old
// (`.memcue-<pid>.tmp`) and the current (`.<pid>.tmp`) temporary; the CLI runs in this process, so
// its pid is ours.
import { existsSync, lstatSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, isolatedEnv, tempDir } from '../helpers.js';
import { repoDir } from '../hooks/fixtures.js';

function plant(path: string, target: string): void {
  for (const name of [`${path}.memcue-${process.pid}.tmp`, `${path}.${process.pid}.tmp`, `${path}.tmp`]) symlinkSync(target, name);
}

describe('install never writes through a planted link at its temporary', () => {
  it('claude --project: the settings stay a file in the repository, the link target untouched', async () => {
    const env: Record<string, string> = { ...isolatedEnv(), MEMCUE_BIN: '/opt/memcue/bin/memcue' };
    const repo = repoDir();
    const outside = join(tempDir(), 'outside.json');
    writeFileSync(outside, 'not yours\n');
    mkdirSync(join(repo, '.claude'));
    const settings = join(repo, '.claude', 'settings.json');
    plant(settings, outside);
    const record = join(env.XDG_STATE_HOME!, 'memcue', 'install');
    mkdirSync(record, { recursive: true });
    plant(join(record, 'claude.json'), outside);

    const r = await cli(['install', 'claude', '--project'], { env, cwd: repo });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(readFileSync(outside, 'utf8')).toBe('not yours\n');
    expect(lstatSync(settings).isFile()).toBe(true);
    expect(JSON.parse(readFileSync(settings, 'utf8')).hooks.SessionStart[0].hooks[0].command).toContain('hook claude session-start');
    expect(existsSync(join(record, 'claude.json'))).toBe(true);
    expect(lstatSync(join(record, 'claude.json')).isFile()).toBe(true);
  });
});
