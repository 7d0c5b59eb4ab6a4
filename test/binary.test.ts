// Smoke test of the artefacts users run: the single executable copied alone into an empty folder
// (no node_modules, no config, nothing but HOME), and the npm launcher under Node.
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { VERSION } from '../src/version.js';
import { BINARY, BUNDLE, runProcess, tempDir } from './helpers.js';

describe('compiled binary', () => {
  it('exists (npm test builds it first)', () => {
    expect(existsSync(BINARY)).toBe(true);
  });

  it.skipIf(!existsSync(BINARY))('works alone in an empty folder: add, search, card', () => {
    const dir = tempDir();
    const home = join(dir, 'home');
    mkdirSync(home);
    const exe = join(dir, basename(BINARY));
    copyFileSync(BINARY, exe);
    const env = { HOME: home };
    const added = runProcess(exe, ['add', '--kind', 'env', 'Сервер сборки: build-01, доступ по ssh через bastion'], { env, cwd: dir });
    expect(added.stderr).toBe('');
    const id = added.stdout.trim();
    expect(id).toMatch(/^[0-9a-z]{20}$/);
    expect(existsSync(join(home, '.local', 'share', 'memcue', 'memcue.db'))).toBe(true);
    const found = runProcess(exe, ['search', 'сервера', 'сборки'], { env, cwd: dir });
    expect(found.stdout).toContain(id);
    expect(found.code).toBe(0);
    const bad = runProcess(exe, ['search', 'x', '--kind', 'nope'], { env, cwd: dir });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/^memcue: unknown kind "nope"/);
    expect(runProcess(exe, ['--version'], { env }).stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
    const rule = runProcess(exe, ['add', '--kind', 'rule', '--scope', 'global', 'Never deploy on Fridays'], { env, cwd: dir });
    const card = runProcess(exe, ['card'], { env, cwd: dir });
    expect(card.code).toBe(0);
    expect(card.stdout).toContain('Never deploy on Fridays');
    expect(card.stdout).toContain(rule.stdout.trim().slice(0, 8));
  });

  // A collection costs an add ~2 ms of its ~50: JavaScriptCore counted the 16 MiB WASM memory as
  // allocated, past its first threshold (wasm/build.sh). BUN_JSC_logGC prints each collection.
  // Measured on Linux, where the threshold was 8 MiB.
  it.skipIf(!existsSync(BINARY) || process.platform !== 'linux')('adds without collecting garbage', () => {
    const dir = tempDir();
    const env = { HOME: dir, MEMCUE_DB: join(dir, 'memcue.db') };
    expect(runProcess(BINARY, ['add', 'the first fact makes the file'], { env, cwd: dir }).code).toBe(0);
    runProcess(BINARY, ['search', 'first'], { env, cwd: dir });
    const add = runProcess(BINARY, ['add', 'Deploys go through the staging cluster first'], { env: { ...env, BUN_JSC_logGC: '1' }, cwd: dir });
    expect(add.code).toBe(0);
    expect(add.stderr).toContain('[GC<'); // the log is on
    expect(add.stderr).not.toContain('GC END');
  });

  // The binary reads standard input with Bun's own reader (src/util/stdio.ts): all of it, as UTF-8.
  it.skipIf(!existsSync(BINARY))('imports JSON Lines from standard input', () => {
    const home = tempDir();
    const lines = Array.from({ length: 300 }, (_, i) => JSON.stringify({ text: `Факт номер ${i}: деплой через bastion-${i}` }));
    const imported = runProcess(BINARY, ['import', '-'], { env: { HOME: home }, cwd: home, stdin: `${lines.join('\n')}\n` });
    expect(imported.code).toBe(0);
    expect(runProcess(BINARY, ['search', 'bastion-299'], { env: { HOME: home }, cwd: home }).stdout).toContain('Факт номер 299');
  });

  // Start-up (issue 14): `--version` is answered by the entry alone, without loading the CLI (whose
  // start-up marks MEMCUE_PROFILE=1 would print).
  it.skipIf(!existsSync(BINARY))('answers --version without loading the command line', () => {
    const home = tempDir();
    for (const flag of ['--version', '-V']) {
      const out = runProcess(BINARY, [flag], { env: { HOME: home, MEMCUE_PROFILE: '1' } });
      expect(out.stdout).toBe(`${VERSION}\n`);
      expect(out.stderr).toBe('');
    }
  });

  // Global options before or after the command (src/global-options.ts): the same output, and
  // the same path (the search file's, not SQLite's), in every order users type.
  it.skipIf(!existsSync(BINARY))('takes --json, -n and --db before or after the command alike', () => {
    const home = tempDir();
    const db = join(home, 'other.db');
    const env = { HOME: home };
    for (const text of ['deploy goes through the staging gateway', 'staging deploy needs a ticket', 'deploy window is friday']) {
      expect(runProcess(BINARY, ['--db', db, 'add', text], { env }).code).toBe(0);
    }
    runProcess(BINARY, ['search', 'deploy', '--db', db], { env }); // the first search writes the search file
    const orders = [
      ['search', 'deploy', '--json', '-n', '2', '--db', db],
      ['--json', 'search', 'deploy', '-n', '2', '--db', db],
      ['-n', '2', '--db', db, 'search', 'deploy', '--json'],
      ['--db', db, '--json', '-n', '2', 'search', 'deploy'],
    ];
    const outputs = orders.map((argv) => runProcess(BINARY, argv, { env: { ...env, MEMCUE_PROFILE: '1' } }));
    expect(JSON.parse(outputs[0]!.stdout)).toHaveLength(2);
    for (const out of outputs) {
      expect(out.code).toBe(0);
      expect(out.stdout).toBe(outputs[0]!.stdout);
      expect(out.stderr).toMatch(/pool: postings read/);
    }
  });

  // A short command's output is written in one piece at the end through Bun's writer (src/start.ts):
  // all of it reaches the reader, and a reader that went away is no error.
  it.skipIf(!existsSync(BINARY) || process.platform === 'win32')('writes a search in one piece, and ends quietly when its reader went away', () => {
    const home = tempDir();
    const env = { HOME: home, PATH: process.env.PATH ?? '' };
    for (let i = 0; i < 8; i++) expect(runProcess(BINARY, ['add', `deploy step ${i} goes through the gateway ${'x'.repeat(i)}`], { env }).code).toBe(0);
    const all = runProcess(BINARY, ['search', 'deploy', 'gateway', '-n', '8', '--json'], { env });
    expect(JSON.parse(all.stdout)).toHaveLength(8);
    const gone = runProcess('bash', ['-c', `"$0" search deploy gateway | head -c 0; exit \${PIPESTATUS[0]}`, BINARY], { env });
    expect(gone.stderr).toBe('');
    expect(gone.code).toBe(0);
  });

  // Bun's executables read .env and bunfig.toml from the cwd by default: a project's .env could
  // point memcue at another database, and reading them costs every start-up.
  it.skipIf(!existsSync(BINARY))("ignores a .env and a bunfig.toml in the user's folder", () => {
    const dir = tempDir();
    const home = join(dir, 'home');
    mkdirSync(home);
    writeFileSync(join(dir, '.env'), `MEMCUE_DB=${join(dir, 'from-dotenv.db')}\n`);
    writeFileSync(join(dir, 'bunfig.toml'), `preload = ["${join(dir, 'preload.js')}"]\n`);
    writeFileSync(join(dir, 'preload.js'), 'console.log("preloaded");\n');
    const added = runProcess(BINARY, ['add', 'a fact kept in the default database'], { env: { HOME: home }, cwd: dir });
    expect(added.code).toBe(0);
    expect(added.stdout).not.toContain('preloaded');
    expect(existsSync(join(dir, 'from-dotenv.db'))).toBe(false);
    expect(existsSync(join(home, '.local', 'share', 'memcue', 'memcue.db'))).toBe(true);
  });
});

describe('npm launcher (bin/memcue.js under node)', () => {
  it('runs --help and add/search', () => {
    const home = tempDir();
    const env = { HOME: home, PATH: process.env.PATH ?? '' };
    expect(runProcess(process.execPath, [BUNDLE, '--help'], { env }).stdout).toContain('Usage: memcue');
    const id = runProcess(process.execPath, [BUNDLE, 'add', 'launcher fact about gateways'], { env, cwd: home }).stdout.trim();
    expect(runProcess(process.execPath, [BUNDLE, 'search', 'gateway'], { env, cwd: home }).stdout).toContain(id);
  });
});
