// `npm run build:bin`: the single executable, dist/memcue (or `--target=… --outfile=…` for a release
// asset). The flags are measured start-up savings (bench/RESULTS.md, "Cold start"):
// - a JIT 64× more reluctant to compile: a 50 ms command never profits from compiling its start-up
//   code (long commands set the normal policy back, src/start.ts);
// - no .env or bunfig.toml read from the user's folder: it costs every start, and a project's .env
//   must not point memcue at another database;
// - ESM output split into chunks: the entry loads only what it imports, so `--version` loads no
//   CLI, and the rest is evaluated once the WASM compile has started (src/start.ts).
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');

export const COMPILE_FLAGS = [
  '--compile',
  '--minify',
  '--bytecode',
  '--format=esm',
  '--splitting',
  '--compile-jit-policy=64',
  '--no-compile-autoload-bunfig',
  '--no-compile-autoload-dotenv',
];

/** Builds the executable with `extra` flags (a target, an outfile); throws if bun build fails. */
export function buildBinary(extra: string[]): void {
  const r = spawnSync(process.execPath, ['build', join(ROOT, 'src', 'bin-entry.ts'), ...COMPILE_FLAGS, ...extra], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (r.status !== 0) throw new Error(`bun build ${extra.join(' ')} failed (exit ${r.status})`);
}

if (import.meta.main) buildBinary(process.argv.length > 2 ? process.argv.slice(2) : ['--outfile', join(ROOT, 'dist', 'memcue')]);
