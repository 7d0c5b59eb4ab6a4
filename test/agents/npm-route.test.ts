// The npm route as a user takes it: `npx memcue install claude` runs the bundle from npx's cache,
// with no `memcue` on PATH. The hook it writes must still run after npm cleans that cache, doctor
// must run it and say how it went, and the card must name a memcue command that works.
import { chmodSync, cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUNDLE, isolatedEnv, ROOT, runProcess, tempDir } from '../helpers.js';
import { repoDir } from '../hooks/fixtures.js';

const DIST = join(ROOT, 'dist', 'memcue.mjs');

/** The package as npm unpacks it (package.json "files") into npx's cache. */
function npxCopy(): string {
  const root = join(tempDir(), '.npm', '_npx', '5d1c0b9a', 'node_modules', 'memcue');
  for (const file of ['package.json', 'bin/memcue.js', 'dist/memcue.mjs', 'dist/sqlite3.wasm', 'plugins/hermes/memcue', 'plugins/opencode']) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    cpSync(join(ROOT, file), join(root, file), { recursive: true });
  }
  return root;
}

describe.skipIf(!existsSync(DIST))('npx memcue install', () => {
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

  it('a package installed in a lasting place is used where it is, through the same launcher', () => {
    // The checkout itself may sit in the temp folder (CI clones there): give the child its own TMPDIR,
    // so that only a package inside the temp folder counts as transient.
    const env: Record<string, string> = { ...isolatedEnv(), PATH: '/usr/bin:/bin', TMPDIR: tempDir() };
    const r = runProcess(process.execPath, [BUNDLE, 'install', 'codex'], { env, cwd: tempDir() });
    expect(r.code).toBe(0);
    const launcher = join(env.XDG_DATA_HOME!, 'memcue', 'bin', 'memcue');
    expect(readFileSync(launcher, 'utf8')).toContain(` ${join(ROOT, 'bin', 'memcue.js')} "$@"`);
    expect(existsSync(join(env.XDG_DATA_HOME!, 'memcue', 'runtime'))).toBe(false);
    expect(r.stdout).not.toContain('not on your PATH'); // not npx: the user installed it
  });

  it('the launcher runs the Node on PATH at run time (nvm after an upgrade), else the one that ran install', () => {
    const env: Record<string, string> = { ...isolatedEnv(), PATH: '/usr/bin:/bin', TMPDIR: tempDir() };
    expect(runProcess(process.execPath, [BUNDLE, 'install', 'codex'], { env, cwd: tempDir() }).code).toBe(0);
    const launcher = join(env.XDG_DATA_HOME!, 'memcue', 'bin', 'memcue');
    // Another Node on PATH (a wrapper that says it ran, standing in for nvm's new version).
    const nvm = tempDir();
    writeFileSync(join(nvm, 'node'), `#!/bin/sh\necho "newer node ran" >&2\nexec ${JSON.stringify(process.execPath)} "$@"\n`);
    chmodSync(join(nvm, 'node'), 0o755);
    const viaPath = runProcess(launcher, ['--version'], { env: { ...env, PATH: `${nvm}:/usr/bin:/bin` } });
    expect(viaPath.stderr).toContain('newer node ran');
    expect(viaPath.code).toBe(0);
    const noNode = runProcess(launcher, ['--version'], { env: { ...env, PATH: tempDir() } });
    expect(noNode.stderr).not.toContain('newer node ran');
    expect(noNode.code).toBe(0); // the install-time Node
  });
});
