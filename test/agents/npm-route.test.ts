// The npm route as a user takes it: `npx memcue install claude` runs the launcher and the executable
// of its platform package from npx's cache, with no `memcue` on PATH. The hook it writes must still
// run after npm cleans that cache, doctor must run it and say how it went, and the card must name a
// memcue command that works.
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BINARY, BUNDLE, isolatedEnv, ROOT, runProcess, tempDir } from '../helpers.js';
import { repoDir } from '../hooks/fixtures.js';

/** The two packages as npm unpacks them into npx's cache: the launcher and the platform's executable. */
function npxCopy(): string {
  const modules = join(tempDir(), '.npm', '_npx', '5d1c0b9a', 'node_modules');
  const root = join(modules, 'memcue');
  mkdirSync(join(root, 'bin'), { recursive: true });
  cpSync(join(ROOT, 'bin', 'memcue.js'), join(root, 'bin', 'memcue.js'));
  writeFileSync(join(root, 'package.json'), JSON.stringify({ name: 'memcue', type: 'module', bin: { memcue: 'bin/memcue.js' } }));
  const platform = join(modules, '@memcue', `${process.platform}-${process.arch}`);
  mkdirSync(join(platform, 'bin'), { recursive: true });
  cpSync(BINARY, join(platform, 'bin', 'memcue'));
  writeFileSync(join(platform, 'package.json'), JSON.stringify({ name: `@memcue/${process.platform}-${process.arch}` }));
  return root;
}

describe.skipIf(!existsSync(BINARY) || process.platform === 'win32')('npx memcue install', () => {
  it('writes a hook that still runs once npx\'s cache is gone; doctor runs it; the card names a runnable memcue', () => {
    const npx = npxCopy();
    const repo = repoDir();
    const env: Record<string, string> = { ...isolatedEnv(), PATH: `${dirname(process.execPath)}:/usr/bin:/bin` };
    expect(runProcess('/bin/sh', ['-c', 'command -v memcue'], { env }).code).not.toBe(0); // not on PATH
    expect(runProcess(process.execPath, [join(npx, 'bin', 'memcue.js'), 'add', '--kind', 'rule', 'Deploys go through ArgoCD'], { env, cwd: repo }).code).toBe(0);
    const install = runProcess(process.execPath, [join(npx, 'bin', 'memcue.js'), 'install', 'claude'], { env, cwd: repo });
    expect(install.stderr).toBe('');
    expect(install.code).toBe(0);
    const launcher = join(env.XDG_DATA_HOME!, 'memcue', 'bin', 'memcue');
    expect(install.stdout).toContain(`claude: hooks run memcue through ${launcher}\n`);
    expect(install.stdout).toContain(`claude: \`memcue\` itself is not on your PATH (this ran through npx): \`npm install -g memcue\` gives you the command, or run ${launcher}`);
    const command = JSON.parse(readFileSync(join(env.HOME!, '.claude', 'settings.json'), 'utf8')).hooks.SessionStart[0].hooks[0].command as string;
    expect(command).toBe(`${launcher} hook claude session-start`);

    rmSync(join(npx, '..', '..', '..'), { recursive: true }); // npm cleans its npx cache
    const agentEnv = { ...env, PATH: '/usr/bin:/bin' }; // the agent's PATH need not have node's folder either
    const input = JSON.stringify({ session_id: 's', cwd: repo, hook_event_name: 'SessionStart', source: 'startup' });
    const hook = runProcess('/bin/sh', ['-c', command], { env: agentEnv, cwd: tempDir(), stdin: input });
    expect(hook.stderr).toBe('');
    expect(hook.code).toBe(0);
    const card = JSON.parse(hook.stdout).hookSpecificOutput.additionalContext as string;
    expect(card).toContain('rule: Deploys go through ArgoCD');
    expect(card).toContain(`\`memcue\` is not on your PATH here: wherever these instructions say \`memcue\`, run \`${launcher}\` instead.`);
    // What the card tells the agent to run, run as the agent would.
    const search = runProcess('/bin/sh', ['-c', `${launcher} search argocd`], { env: agentEnv, cwd: repo });
    expect(search.code).toBe(0);
    expect(search.stdout).toContain('Deploys go through ArgoCD');

    const doctor = runProcess(launcher, ['doctor'], { env: agentEnv, cwd: repo });
    expect(doctor.code).toBe(0);
    expect(doctor.stdout).toMatch(new RegExp(`ran ${launcher} hook claude session-start: exit 0, card of \\d+ characters\\n`));
  });

  it('an executable installed in a lasting place is used where it is', () => {
    const env: Record<string, string> = { ...isolatedEnv(), PATH: '/usr/bin:/bin' };
    const r = runProcess(process.execPath, [BUNDLE, 'install', 'codex'], { env, cwd: tempDir() });
    expect(r.code).toBe(0);
    expect(existsSync(join(env.XDG_DATA_HOME!, 'memcue', 'bin', 'memcue'))).toBe(false);
    expect(readFileSync(join(env.HOME!, '.codex', 'hooks.json'), 'utf8')).toContain(`${BINARY} hook codex session-start`);
    expect(r.stdout).not.toContain('not on your PATH'); // not npx: the user installed it
  });

  it('the copy in memcue\u2019s data folder needs no Node at run time', () => {
    const npx = npxCopy();
    const env: Record<string, string> = { ...isolatedEnv(), PATH: '/usr/bin:/bin' };
    expect(runProcess(process.execPath, [join(npx, 'bin', 'memcue.js'), 'install', 'codex'], { env, cwd: tempDir() }).code).toBe(0);
    const copy = join(env.XDG_DATA_HOME!, 'memcue', 'bin', 'memcue');
    const r = runProcess(copy, ['--version'], { env: { ...env, PATH: tempDir() } });
    expect([r.code, r.stderr]).toEqual([0, '']);
  });
});
