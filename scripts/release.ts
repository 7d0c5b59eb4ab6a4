// `npm run release`: standalone binaries for every supported OS into dist/release/, with SHA256SUMS,
// and the npm packages into dist/release/npm/: `memcue` (the launcher bin/memcue.js) and one
// package per platform holding its binary (`@memcue/linux-x64`, …), which the launcher's package
// names as optional dependencies: npm installs only the one whose `os` and `cpu` fit, as it does for
// esbuild and Biome. `npm publish` of each tarball is left to a person. Bun cross-compiles: it
// fetches each target's runtime from the npm registry. `release.ts <asset>…` builds only those.
import { buildBinary } from './build-bin.js';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, copyFileSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');
const OUT = join(ROOT, 'dist', 'release');
const NPM_OUT = join(OUT, 'npm');

/** Release asset name → Bun target, and the npm platform package's os and cpu. install.sh builds the same names from `uname`. */
export const TARGETS: Record<string, { target: string; os: string; cpu: string }> = {
  'memcue-linux-x64': { target: 'bun-linux-x64', os: 'linux', cpu: 'x64' },
  'memcue-linux-arm64': { target: 'bun-linux-arm64', os: 'linux', cpu: 'arm64' },
  'memcue-darwin-x64': { target: 'bun-darwin-x64', os: 'darwin', cpu: 'x64' },
  'memcue-darwin-arm64': { target: 'bun-darwin-arm64', os: 'darwin', cpu: 'arm64' },
  'memcue-windows-x64.exe': { target: 'bun-windows-x64', os: 'win32', cpu: 'x64' },
};

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));

/** `@memcue/linux-x64`: the platform package's name (bin/memcue.js builds the same from process.platform and arch). */
function platformPackage(os: string, cpu: string): string {
  return `@memcue/${os === 'win32' ? 'windows' : os}-${cpu}`;
}

/** The fields every published package shares with the repository's package.json. */
const shared = () => ({ version: pkg.version, license: pkg.license, repository: pkg.repository });

function writePlatformPackage(asset: string, os: string, cpu: string): string {
  const dir = join(NPM_OUT, asset.replace(/\.exe$/, ''));
  const exe = os === 'win32' ? 'memcue.exe' : 'memcue';
  mkdirSync(join(dir, 'bin'), { recursive: true });
  copyFileSync(join(OUT, asset), join(dir, 'bin', exe));
  chmodSync(join(dir, 'bin', exe), 0o755);
  const manifest = { name: platformPackage(os, cpu), ...shared(), description: `The memcue executable for ${os} ${cpu}`, os: [os], cpu: [cpu], files: [`bin/${exe}`], preferUnplugged: true };
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return dir;
}

function writeLauncherPackage(): string {
  const dir = join(NPM_OUT, 'memcue');
  mkdirSync(join(dir, 'bin'), { recursive: true });
  for (const file of ['bin/memcue.js', 'README.md', 'LICENSE']) copyFileSync(join(ROOT, file), join(dir, file));
  const optionalDependencies = Object.fromEntries(Object.values(TARGETS).map(({ os, cpu }) => [platformPackage(os, cpu), pkg.version]));
  const manifest = {
    name: pkg.name,
    ...shared(),
    description: pkg.description,
    type: 'module',
    bin: { memcue: 'bin/memcue.js' },
    files: ['bin/memcue.js', 'README.md', 'LICENSE'],
    engines: { node: '>=18' },
    optionalDependencies,
    keywords: pkg.keywords,
  };
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return dir;
}

/** `npm pack` of one package folder into dist/release/npm/; the tarball's name. */
function pack(dir: string): string {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const r = spawnSync(npm, ['pack', '--json', '--ignore-scripts', '--pack-destination', NPM_OUT], { cwd: dir, encoding: 'utf8', shell: process.platform === 'win32' });
  if (r.status !== 0) throw new Error(`npm pack in ${dir} failed: ${r.stderr}`);
  return (JSON.parse(r.stdout) as { filename: string }[])[0]!.filename;
}

if (import.meta.main) {
  const only = process.argv.slice(2);
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(NPM_OUT, { recursive: true });
  const sums: string[] = [];
  const tarballs: string[] = [];
  for (const [asset, { target, os, cpu }] of Object.entries(TARGETS)) {
    if (only.length && !only.includes(asset)) continue;
    buildBinary([`--target=${target}`, '--outfile', join(OUT, asset)]);
    const bytes = readFileSync(join(OUT, asset));
    sums.push(`${createHash('sha256').update(bytes).digest('hex')}  ${asset}`);
    console.log(`${asset}  ${(statSync(join(OUT, asset)).size / 1e6).toFixed(1)} MB`);
    tarballs.push(pack(writePlatformPackage(asset, os, cpu)));
  }
  tarballs.push(pack(writeLauncherPackage()));
  // install.sh ships beside the binaries so `…/releases/latest/download/install.sh | sh` works.
  copyFileSync(join(ROOT, 'install.sh'), join(OUT, 'install.sh'));
  writeFileSync(join(OUT, 'SHA256SUMS'), `${sums.join('\n')}\n`);
  console.log(`wrote ${sums.length} binaries and SHA256SUMS to ${OUT}; npm packages: ${tarballs.join(', ')} in ${NPM_OUT}`);
}
