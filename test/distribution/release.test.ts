// `npm run release` (host target only here, the others need no more than Bun's cross-compiler) and
// install.sh run against those release assets through a file:// base, as a user's machine would.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT, runProcess, tempDir } from '../helpers.js';

const RELEASE = join(ROOT, 'dist', 'release');
const HOST_ASSET = `memcue-${process.platform === 'win32' ? 'windows' : process.platform}-${process.arch}${process.platform === 'win32' ? '.exe' : ''}`;
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const bun = join(ROOT, 'node_modules', '.bin', process.platform === 'win32' ? 'bun.exe' : 'bun');

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
});
