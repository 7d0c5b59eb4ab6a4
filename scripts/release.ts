// `npm run release`: standalone binaries for every supported OS into dist/release/, with SHA256SUMS.
// Bun cross-compiles: it fetches each target's runtime from the npm registry.
import { buildBinary } from './build-bin.js';
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');
const OUT = join(ROOT, 'dist', 'release');

/** Release asset name → Bun target. install.sh builds the same names from `uname`. */
export const TARGETS: Record<string, string> = {
  'memcue-linux-x64': 'bun-linux-x64',
  'memcue-linux-arm64': 'bun-linux-arm64',
  'memcue-darwin-x64': 'bun-darwin-x64',
  'memcue-darwin-arm64': 'bun-darwin-arm64',
  'memcue-windows-x64.exe': 'bun-windows-x64',
};

function build(asset: string, target: string): void {
  buildBinary([`--target=${target}`, '--outfile', join(OUT, asset)]);
}

const only = process.argv.slice(2);
rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });
const sums: string[] = [];
for (const [asset, target] of Object.entries(TARGETS)) {
  if (only.length && !only.includes(asset)) continue;
  build(asset, target);
  const bytes = readFileSync(join(OUT, asset));
  sums.push(`${createHash('sha256').update(bytes).digest('hex')}  ${asset}`);
  console.log(`${asset}  ${(statSync(join(OUT, asset)).size / 1e6).toFixed(1)} MB`);
}
// install.sh ships beside the binaries so `…/releases/latest/download/install.sh | sh` works.
copyFileSync(join(ROOT, 'install.sh'), join(OUT, 'install.sh'));
writeFileSync(join(OUT, 'SHA256SUMS'), `${sums.join('\n')}\n`);
console.log(`wrote ${sums.length} binaries and SHA256SUMS to ${OUT}`);
