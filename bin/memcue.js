#!/usr/bin/env node
// `npx memcue`, `npm i -g memcue`, `bunx memcue`: the npm package is this launcher and, as one optional
// dependency per platform (`@memcue/linux-x64`, …; npm installs only the one that fits, as for
// esbuild and Biome), the compiled executable. It runs that executable with the same arguments and
// ends as it ends: memcue itself never runs under Node. In a clone, dist/memcue (`npm run build`).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const exe = process.platform === 'win32' ? 'memcue.exe' : 'memcue';
const platformPackage = `@memcue/${process.platform === 'win32' ? 'windows' : process.platform}-${process.arch}`;
const here = (path) => new URL(`../${path}`, import.meta.url);

function executable() {
  try {
    return createRequire(import.meta.url).resolve(`${platformPackage}/bin/${exe}`);
  } catch {
    const built = fileURLToPath(here(`dist/${exe}`));
    return existsSync(built) ? built : undefined;
  }
}

/** What to run instead, in one line: a clone is told its steps, an installed package how to reinstall. */
function notFound() {
  // A clone after `npm ci` alone has no dist/ yet; a fresh clone has not even its build tools (one line
  // with both steps, not one step at a time); the published launcher has neither node_modules nor src/.
  if (existsSync(here('node_modules'))) return `this copy is not built yet (no dist/${exe}); run \`npm run build\` in it, then try again`;
  if (existsSync(here('src'))) return `this clone is not set up yet (no node_modules, no dist/${exe}); run \`npm ci && npm run build\` in it, then try again`;
  return `no memcue executable for ${process.platform}-${process.arch}: ${platformPackage} is not installed; reinstall memcue without --omit=optional`;
}

const found = executable();
if (!found) {
  process.stderr.write(`memcue: ${notFound()}\n`);
  process.exit(1);
}
const child = spawn(found, process.argv.slice(2), { stdio: 'inherit' });
// A signal for the launcher is meant for memcue (Ctrl-C reaches both; `kill` only the launcher).
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
child.on('error', (err) => {
  process.stderr.write(`memcue: cannot run ${found}: ${err.message}\n`);
  process.exit(1);
});
child.on('exit', (code, signal) => {
  if (signal) {
    process.removeAllListeners(signal); // end by the same signal, as memcue did
    process.kill(process.pid, signal);
  } else process.exit(code ?? 1);
});
