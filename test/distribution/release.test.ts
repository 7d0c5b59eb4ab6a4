// `npm run release` (host target only here, the others need no more than Bun's cross-compiler) and
// install.sh run against those release assets through a file:// base, as a user's machine would;
// the npm packages it packs (the launcher `memcue` and the host's `@memcue/<os>-<cpu>`), installed
// from their tarballs as npm would from the registry, run by npx under Node and by Bun.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { ROOT, runProcess, tempDir } from '../helpers.js';

const RELEASE = join(ROOT, 'dist', 'release');
const HOST_ASSET = `memcue-${process.platform === 'win32' ? 'windows' : process.platform}-${process.arch}${process.platform === 'win32' ? '.exe' : ''}`;
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const bun = join(ROOT, 'node_modules', '.bin', process.platform === 'win32' ? 'bun.exe' : 'bun');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const NPM_OUT = join(RELEASE, 'npm');
const HOST_PACKAGE = `memcue-${process.platform}-${process.arch}-${pkg.version}.tgz`;

/** The files of a tarball and its package.json. */
function tarball(name: string): { files: string[]; manifest: Record<string, unknown> } {
  const list = spawnSync('tar', ['-tzf', join(NPM_OUT, name)], { encoding: 'utf8' });
  expect(list.status, list.stderr).toBe(0);
  const manifest = spawnSync('tar', ['-xzOf', join(NPM_OUT, name), 'package/package.json'], { encoding: 'utf8' });
  return { files: list.stdout.split('\n').filter(Boolean).sort(), manifest: JSON.parse(manifest.stdout) };
}

describe.skipIf(process.platform === 'win32')('release and install.sh', () => {
  beforeAll(() => {
    const r = spawnSync(bun, ['scripts/release.ts', HOST_ASSET], { cwd: ROOT, encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
  }, 120_000);

  it('writes the binary with a matching SHA256SUMS line and the package version', () => {
    const bytes = readFileSync(join(RELEASE, HOST_ASSET));
    const sums = readFileSync(join(RELEASE, 'SHA256SUMS'), 'utf8');
    expect(sums).toBe(`${createHash('sha256').update(bytes).digest('hex')}  ${HOST_ASSET}\n`);
    expect(existsSync(join(RELEASE, 'install.sh'))).toBe(true);
    expect(runProcess(join(RELEASE, HOST_ASSET), ['--version']).stdout.trim()).toBe(pkg.version);
  });

  it('install.sh verifies the checksum and installs into ~/.local/bin', () => {
    const home = tempDir();
    const r = runProcess('sh', [join(ROOT, 'install.sh')], {
      env: { HOME: home, PATH: process.env.PATH, MEMCUE_DOWNLOAD_BASE: `file://${RELEASE}` },
    });
    expect(r.stderr).toBe('');
    expect(r.stdout).toContain(`installed ${pkg.version}`);
    const installed = join(home, '.local', 'bin', 'memcue');
    const id = runProcess(installed, ['add', 'installed by install.sh'], { env: { HOME: home } }).stdout.trim();
    expect(runProcess(installed, ['search', 'install'], { env: { HOME: home } }).stdout).toContain(id);
  });

  it('install.sh refuses a binary whose checksum does not match and installs nothing', () => {
    const mirror = tempDir();
    copyFileSync(join(RELEASE, HOST_ASSET), join(mirror, HOST_ASSET));
    writeFileSync(join(mirror, 'SHA256SUMS'), `${'0'.repeat(64)}  ${HOST_ASSET}\n`);
    const home = tempDir();
    mkdirSync(join(home, '.local'));
    const r = runProcess('sh', [join(ROOT, 'install.sh')], {
      env: { HOME: home, PATH: process.env.PATH, MEMCUE_DOWNLOAD_BASE: `file://${mirror}` },
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/checksum mismatch .* nothing installed/);
    expect(existsSync(join(home, '.local', 'bin', 'memcue'))).toBe(false);
  });

  it('packs the launcher package: the launcher and docs only, every platform package optional at this version', () => {
    const { files, manifest } = tarball(`memcue-${pkg.version}.tgz`);
    expect(files).toEqual(['package/LICENSE', 'package/README.md', 'package/bin/memcue.js', 'package/package.json']);
    expect(manifest.bin).toEqual({ memcue: 'bin/memcue.js' });
    expect(manifest.optionalDependencies).toEqual(
      Object.fromEntries(['linux-x64', 'linux-arm64', 'darwin-x64', 'darwin-arm64', 'windows-x64'].map((p) => [`@memcue/${p}`, pkg.version])),
    );
    expect(Object.keys((manifest.scripts as object) ?? {})).toEqual([]); // nothing runs at install
  });

  it('packs the host platform package: its executable alone, for its os and cpu', () => {
    const { files, manifest } = tarball(HOST_PACKAGE);
    expect(files).toEqual(['package/bin/memcue', 'package/package.json']);
    expect(manifest).toMatchObject({ name: `@memcue/${process.platform}-${process.arch}`, version: pkg.version, os: [process.platform], cpu: [process.arch] });
    expect(readdirSync(NPM_OUT).filter((f) => f.endsWith('.tgz')).sort()).toEqual([`memcue-${pkg.version}.tgz`, HOST_PACKAGE].sort());
  });

  it('installed from the tarballs, npx memcue and bunx memcue run the executable: no SQLite under Node', () => {
    const dir = tempDir();
    const install = spawnSync(npm, ['install', '--offline', '--no-audit', '--no-fund', join(NPM_OUT, HOST_PACKAGE), join(NPM_OUT, `memcue-${pkg.version}.tgz`)], {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, npm_config_prefix: undefined },
    });
    expect(install.status, install.stderr).toBe(0);
    const npx = spawnSync('npx', ['--no-install', 'memcue', '--version'], { cwd: dir, encoding: 'utf8' });
    expect(npx.stdout.trim(), npx.stderr).toBe(pkg.version);
    const launcher = join(dir, 'node_modules', 'memcue', 'bin', 'memcue.js');
    const env = { HOME: dir, PATH: process.env.PATH ?? '', MEMCUE_DB: join(dir, 'm.db') };
    const id = runProcess(process.execPath, [launcher, 'add', 'installed from the npm tarball'], { env, cwd: dir }).stdout.trim();
    expect(id).toMatch(/^[0-9a-z]{20}$/);
    expect(runProcess(bun, [launcher, 'search', 'tarball', 'npm'], { env, cwd: dir }).stdout).toContain(id);
    // The plugin files `memcue install` copies travel inside the executable.
    const hermes = runProcess(process.execPath, [launcher, 'install', 'hermes'], { env: { ...env, HERMES_HOME: join(dir, 'hermes') }, cwd: dir });
    expect([hermes.code, hermes.stderr]).toEqual([0, '']);
  }, 120_000);
});
