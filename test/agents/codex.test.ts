// Real Codex (`codex exec`, its default sandbox and approval policy) after `memcue install codex`:
// the agent's own `memcue add` writes in a trusted folder; in an untrusted one (read-only sandbox)
// the card says it cannot and the MCP tools write instead; the hook has a name and runs once the
// user's trust is stored; a resumed session carries one card; the card names a memcue that Codex's
// login shell finds.
import { readFileSync, symlinkSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BINARY, cli, runProcess } from '../helpers.js';
import { CODEX_HOOK_NAME } from '../../src/install/wirings.js';
import { bodies, clientBin, model, run, SENTINEL, TIMEOUT_MS, why, write } from './client-kit.js';
import { codexHooks } from './codex-app-server.js';
import { codexHome, exec } from './codex-kit.js';

const codex = clientBin('codex');
const READ_ONLY = 'read-only sandbox here';

/** The scripted shell call's output as Codex sent it back to the model. */
function outputs(from: number): string {
  return bodies(from).join('\n');
}

describe('Codex', () => {
  it.skipIf(!codex)(`memcue add writes under the default sandbox of a trusted folder; uninstall gives config.toml back${why('codex')}`, { timeout: TIMEOUT_MS }, async () => {
    const { home, env, repo } = await codexHome({ trusted: true });
    const config = join(home, '.codex', 'config.toml');
    const before = readFileSync(config, 'utf8');
    const install = await cli(['install', 'codex'], { env: { ...env, MEMCUE_BIN: BINARY }, cwd: repo });
    expect(install.code).toBe(0);
    expect(readFileSync(config, 'utf8')).toContain(`writable_roots = [${JSON.stringify(join(home, '.local', 'share', 'memcue'))}]`);

    model.script({ tool: 'exec_command', args: { cmd: `${BINARY} add --scope global "CODEX-WROTE-4d1e the staging host is build-7"` } });
    const start = model.requests.length;
    const r = await exec(env, repo, '--dangerously-bypass-hook-trust');
    expect(r.code).toBe(0);
    expect(r.stdout + r.stderr).toContain('sandbox: workspace-write');
    const sent = outputs(start);
    expect(sent).toContain(SENTINEL);
    expect(sent).not.toContain(READ_ONLY);
    expect(sent).not.toContain('EROFS');
    expect((await cli(['search', 'CODEX-WROTE-4d1e'], { env, cwd: repo })).stdout).toContain('the staging host is build-7');

    expect((await cli(['uninstall', 'codex'], { env, cwd: repo })).code).toBe(0);
    expect(readFileSync(config, 'utf8')).toBe(before);
  });

  it.skipIf(!codex)(`in an untrusted folder (read-only sandbox) the card says add cannot write; with --mcp the memcue_add tool writes${why('codex')}`, { timeout: TIMEOUT_MS }, async () => {
    const { env, repo } = await codexHome({ trusted: false });
    expect((await cli(['install', 'codex'], { env: { ...env, MEMCUE_BIN: BINARY }, cwd: repo })).code).toBe(0);
    model.script({ tool: 'exec_command', args: { cmd: `${BINARY} add --scope global "never stored: the sandbox is read-only"` } });
    let start = model.requests.length;
    const r = await exec(env, repo, '--dangerously-bypass-hook-trust');
    expect(r.stdout + r.stderr).toContain('sandbox: read-only');
    let sent = outputs(start);
    expect(sent).toContain(SENTINEL);
    expect(sent).toContain(READ_ONLY); // the card tells the truth the shell call then shows
    expect(sent).toContain('EROFS');

    expect((await cli(['install', 'codex', '--mcp'], { env: { ...env, MEMCUE_BIN: BINARY }, cwd: repo })).code).toBe(0);
    model.script({ tool: 'memcue_add', namespace: 'mcp__memcue', args: { text: 'MCP-WROTE-8b2c deploys need a ticket', scope: 'global' } });
    start = model.requests.length;
    expect((await exec(env, repo, '--dangerously-bypass-hook-trust')).code).toBe(0);
    sent = outputs(start);
    expect(sent).toContain('use the memcue_add and memcue_forget tools instead');
    expect(sent).not.toContain('requires approval');
    expect((await cli(['search', 'MCP-WROTE-8b2c'], { env, cwd: repo })).stdout).toContain('deploys need a ticket');
  });

  it.skipIf(!codex)(`the hook is named; once the user's trust is stored it runs without the bypass, and doctor says so${why('codex')}`, { timeout: TIMEOUT_MS }, async () => {
    const { home, env, repo } = await codexHome({ trusted: true });
    expect((await cli(['install', 'codex'], { env: { ...env, MEMCUE_BIN: BINARY }, cwd: repo })).code).toBe(0);
    let doctor = (await cli(['doctor'], { env, cwd: repo })).stdout;
    expect(doctor).toContain('Hooks need review');
    const [hook] = await codexHooks(codex!, env, repo);
    expect(hook).toMatchObject({ statusMessage: CODEX_HOOK_NAME, trustStatus: 'untrusted' });

    // What Codex stores when the user trusts the hook in its review screen.
    const config = join(home, '.codex', 'config.toml');
    write(config, `${readFileSync(config, "utf8")}\n[hooks.state."${hook!.key}"]\ntrusted_hash = "${hook!.currentHash}"\n`);
    expect((await codexHooks(codex!, env, repo))[0]).toMatchObject({ trustStatus: 'trusted' });
    const start = model.requests.length;
    expect((await exec(env, repo)).code).toBe(0);
    expect(bodies(start).some((b) => b.includes(SENTINEL))).toBe(true);
    doctor = (await cli(['doctor'], { env, cwd: repo })).stdout;
    expect(doctor).toContain('trusted in Codex');
    expect(doctor).not.toContain('Hooks need review');
  });

  it.skipIf(!codex)(`codex exec resume carries the card once; a fact added in between comes as a card update${why('codex')}`, { timeout: TIMEOUT_MS }, async () => {
    const { env, repo } = await codexHome({ trusted: true });
    expect((await cli(['install', 'codex'], { env: { ...env, MEMCUE_BIN: BINARY }, cwd: repo })).code).toBe(0);
    const lastRequest = async (...args: string[]) => {
      const start = model.requests.length;
      expect((await run(codex!, ['exec', ...args, '--skip-git-repo-check', '--dangerously-bypass-hook-trust', 'hello'], { ...env, FAKE_API_KEY: 'fake' }, repo)).code).toBe(0);
      return bodies(start).pop() ?? '';
    };
    const cards = (body: string) => body.split(SENTINEL).length - 1;
    expect(cards(await lastRequest())).toBe(1);
    expect(cards(await lastRequest('resume', '--last'))).toBe(1);
    expect((await cli(['add', '--kind', 'rule', '--scope', 'global', 'RESUMED-9e1f staging needs a ticket'], { env, cwd: repo })).code).toBe(0);
    const resumed = await lastRequest('resume', '--last');
    expect(cards(resumed)).toBe(1);
    expect(resumed).toContain('RESUMED-9e1f staging needs a ticket');
  });

  it.skipIf(!codex)(`when the login shell's PATH has no memcue, the card names one that runs in it${why('codex')}`, { timeout: TIMEOUT_MS }, async () => {
    const { home, env, repo } = await codexHome({ trusted: true });
    // memcue in ~/.local/bin, on the PATH Codex inherits; no login files put it on a login shell's PATH.
    mkdirSync(join(home, '.local', 'bin'), { recursive: true });
    symlinkSync(BINARY, join(home, '.local', 'bin', 'memcue'));
    const agentEnv = { ...env, PATH: `${join(home, '.local', 'bin')}:/usr/bin:/bin` };
    expect(runProcess('/bin/bash', ['-lc', 'command -v memcue'], { env: agentEnv }).code).not.toBe(0);
    expect((await cli(['install', 'codex'], { env: { ...agentEnv, MEMCUE_BIN: BINARY }, cwd: repo })).code).toBe(0);

    let start = model.requests.length;
    expect((await exec(agentEnv, repo, '--dangerously-bypass-hook-trust')).code).toBe(0);
    const hint = /run `([^`]+)` instead/.exec(outputs(start))?.[1];
    expect(hint).toBeDefined();
    model.script({ tool: 'exec_command', args: { cmd: `${hint} search make check` } });
    start = model.requests.length;
    expect((await exec(agentEnv, repo, '--dangerously-bypass-hook-trust')).code).toBe(0);
    expect(outputs(start)).toMatch(/Process exited with code 0[^"]*SENTINEL-7f3a/);
  });
});
